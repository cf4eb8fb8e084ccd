import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, FormField } from './form-field';

describe('form fields', () => {
  it('ties the control to its label, hint and error', () => {
    render(
      <FormField id="f-email" label="Email" required hint="Votre adresse pro" error="Requis">
        {(control) => <input type="email" {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'f-email-hint f-email-error');
    expect(input).toHaveAccessibleDescription('Votre adresse pro Requis');
  });

  it('marks a control invalid whose message the form says elsewhere', () => {
    render(
      <FormField id="f-name" label="Nom" invalid>
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Nom' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toBeRequired();
  });

  it('leaves a valid control without error attributes', () => {
    render(
      <CheckboxField id="f-terms" label="J'accepte" required>
        {(control) => <input type="checkbox" {...control} />}
      </CheckboxField>,
    );
    const box = screen.getByRole('checkbox', { name: "J'accepte" });
    expect(box).toBeRequired();
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).not.toHaveAttribute('aria-describedby');
  });
});
