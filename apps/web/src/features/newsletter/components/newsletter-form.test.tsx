import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_MESSAGE_MS } from '@cadran/domain/constants';
import { loadNamespaces } from '@/lib/i18n';
import { json, mockFetch } from '@/test/fetch';
import { NewsletterForm } from './newsletter-form';
import { AppProviders } from '@/test/render';

const fetchMock = mockFetch();

beforeAll(async () => {
  await loadNamespaces(['newsletter']);
  // Load the subscription chunk once, so fake timers never wait on a module import.
  await import('../api/subscribe-newsletter');
});

afterEach(() => {
  vi.useRealTimers();
});

function renderForm() {
  render(
    <AppProviders>
      <NewsletterForm />
    </AppProviders>,
  );
  const input = screen.getByRole('textbox', { name: 'Adresse e-mail' });
  const submit = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'S’abonner' }));
  };
  return { input, submit, status: () => screen.getByRole('status') };
}

describe('newsletter form', () => {
  it('subscribes, says so, then clears the message after 5 seconds', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Inscription réussie !' }));
    const { input, submit, status } = renderForm();
    // Only the clock of the component's timer: React's own scheduling stays real.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    submit('  Lea@Example.FR ');
    await screen.findByText(/^Inscription réussie !/);
    // Let React run the effect that arms the 5-second timer.
    await act(async () => {});
    expect(status()).toHaveTextContent('lien que nous venons de vous envoyer');
    expect(input).toHaveValue('');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/website/newsletter');
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'lea@example.fr', locale: 'fr' });

    act(() => {
      vi.advanceTimersByTime(NEWSLETTER_MESSAGE_MS - 100);
    });
    expect(status()).not.toBeEmptyDOMElement();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(status()).toBeEmptyDOMElement();
  });

  it('asks for an address before calling the server', async () => {
    const { input, submit, status } = renderForm();
    submit('   ');
    expect(await screen.findByText('L’email est requis')).toBe(status());
    expect(input).toHaveAttribute('aria-invalid', 'true');
    submit('pas-une-adresse');
    expect(await screen.findByText('Format d’email invalide')).toBe(status());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows its error text when the subscription fails', async () => {
    fetchMock.mockResolvedValue(json(503, { success: false, message: 'Service indisponible' }));
    const { input, submit } = renderForm();
    submit('lea@example.fr');
    expect(await screen.findByText('Erreur lors de l’inscription')).toBeInTheDocument();
    expect(input).toHaveValue('lea@example.fr');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
