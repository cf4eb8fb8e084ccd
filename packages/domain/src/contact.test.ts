import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './validation';
import {
  CONTACT_SUBJECTS,
  ContactMessageSchema,
  NewsletterSubscribeSchema,
  contactSubjectLabelKey,
  isHoneypotTripped,
} from './contact';
import { translateMessage } from './messages';

const valid = {
  name: 'Camille Martin',
  email: 'camille@exemple.fr',
  company: 'Atelier Martin',
  subject: 'demo',
  message: 'Je souhaite une démonstration de Cadran.',
};

const errorsOf = (input: unknown) => {
  const result = ContactMessageSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromZod(result.error);
};

describe('ContactMessageSchema', () => {
  it('accepts and trims a valid message', () => {
    const parsed = ContactMessageSchema.parse({
      ...valid,
      name: '  Camille Martin ',
      message: `  ${valid.message}  `,
    });
    expect(parsed).toEqual(valid);
  });

  it('treats company as optional', () => {
    const { company: _company, ...rest } = valid;
    expect(ContactMessageSchema.parse(rest).company).toBe('');
    expect(ContactMessageSchema.parse({ ...rest, company: null }).company).toBe('');
  });

  it('reports the required messages for an empty form, one per field', () => {
    expect(errorsOf({})).toEqual({
      name: ['contact.name.required'],
      email: ['contact.email.required'],
      subject: ['contact.subject.required'],
      message: ['contact.message.required'],
    });
    expect(errorsOf({ name: '   ', email: '  ', subject: '', message: '   ' })).toEqual({
      name: ['contact.name.required'],
      email: ['contact.email.required'],
      subject: ['contact.subject.required'],
      message: ['contact.message.required'],
    });
  });

  it('checks formats once the fields are present', () => {
    expect(errorsOf({ ...valid, email: 'pas-un-email' })).toEqual({
      email: ['contact.email.invalid'],
    });
    expect(errorsOf({ ...valid, email: 'a b@c.fr' })).toEqual({ email: ['contact.email.invalid'] });
    expect(errorsOf({ ...valid, email: 'a@b.fr\nBcc: x@y.fr' })).toEqual({
      email: ['contact.email.invalid'],
    });
    expect(errorsOf({ ...valid, subject: 'spam' })).toEqual({
      subject: ['contact.subject.invalid'],
    });
    expect(errorsOf({ ...valid, message: '  court  ' })).toEqual({
      message: ['contact.message.too_short'],
    });
  });

  it('counts the 10 characters after trimming', () => {
    expect(errorsOf({ ...valid, message: '   123456789   ' })).toEqual({
      message: ['contact.message.too_short'],
    });
    expect(errorsOf({ ...valid, message: '  1234567890  ' })).toEqual({});
  });

  it('caps lengths', () => {
    expect(errorsOf({ ...valid, name: 'x'.repeat(121) })).toEqual({
      name: ['contact.name.too_long'],
    });
    expect(errorsOf({ ...valid, company: 'x'.repeat(121) })).toEqual({
      company: ['contact.company.too_long'],
    });
    expect(errorsOf({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: ['contact.message.too_long'],
    });
    expect(errorsOf({ ...valid, email: `${'x'.repeat(250)}@a.fr` })).toEqual({
      email: ['contact.email.too_long'],
    });
  });

  it('refuses wrong types without throwing', () => {
    expect(errorsOf({ ...valid, name: 42, message: ['x'] })).toEqual({
      name: ['contact.name.required'],
      message: ['contact.message.required'],
    });
    expect(ContactMessageSchema.safeParse(null).success).toBe(false);
  });

  it('detects the honeypot', () => {
    expect(isHoneypotTripped(ContactMessageSchema.parse(valid))).toBe(false);
    expect(
      isHoneypotTripped(ContactMessageSchema.parse({ ...valid, website: 'http://spam' })),
    ).toBe(true);
  });

  it('labels every subject', () => {
    for (const subject of CONTACT_SUBJECTS) {
      expect(translateMessage(contactSubjectLabelKey(subject), 'fr')).not.toContain('contact.');
    }
  });

  it('only ever outputs trimmed values of bounded length', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 6000 }), (name, message) => {
        const result = ContactMessageSchema.safeParse({ ...valid, name, message });
        if (result.success) {
          expect(result.data.name).toBe(result.data.name.trim());
          expect(result.data.message.length).toBeGreaterThanOrEqual(10);
          expect(result.data.message.length).toBeLessThanOrEqual(5000);
        }
      }),
    );
  });
});

describe('NewsletterSubscribeSchema', () => {
  it('needs a well-formed email, lowercased', () => {
    expect(
      NewsletterSubscribeSchema.parse({ email: ' Camille@Exemple.FR ', locale: 'en' }),
    ).toEqual({
      email: 'camille@exemple.fr',
      locale: 'en',
    });
    expect(NewsletterSubscribeSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe(
      'newsletter.email.required',
    );
    expect(NewsletterSubscribeSchema.safeParse({ email: 'x@' }).error?.issues[0]?.message).toBe(
      'newsletter.email.invalid',
    );
    expect(NewsletterSubscribeSchema.safeParse({ email: 'a@b.fr', locale: 'de' }).success).toBe(
      false,
    );
  });
});
