import { describe, expect, it } from 'vitest';
import { apiUser as sampleApiUser } from './test-fixtures';
import { fieldErrorsFromZod } from './validation';
import {
  ApiUserSchema,
  AuthResponseSchema,
  EMPTY_REGISTER_FORM,
  LoginSchema,
  RegisterFormSchema,
  RegisterSchema,
  extractMeUser,
  toRegisterPayload,
  toSessionUser,
} from './auth';

const register = {
  firstname: 'Camille',
  lastname: 'Martin',
  email: 'Camille@Exemple.fr',
  company: '',
  phone: '+33 6 12 34 56 78',
  address: '12 rue de la Paix',
  postal_code: '75002',
  city: 'Paris',
  country: 'FR',
  password: 'correct horse battery',
};

const apiUser = sampleApiUser({ id: '0b7e1c52-6f0c-4a53-9d7e-3c1f2a9b8e41', company: null });

describe('LoginSchema', () => {
  it('accepts email, password and remember, lowercasing the email', () => {
    expect(LoginSchema.parse({ email: ' A@B.FR ', password: ' secret ', remember: true })).toEqual({
      email: 'a@b.fr',
      password: ' secret ',
      remember: true,
    });
  });

  it('asks to fill all fields when one is missing', () => {
    const result = LoginSchema.safeParse({ email: '', password: '' });
    expect(fieldErrorsFromZod(result.error!)).toEqual({
      email: ['auth.fill_all_fields'],
      password: ['auth.fill_all_fields'],
    });
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: 'x'.repeat(129) }).success).toBe(
      false,
    );
  });
});

describe('RegisterSchema', () => {
  it('accepts the payload and normalises it', () => {
    const parsed = RegisterSchema.parse(register);
    expect(parsed.email).toBe('camille@exemple.fr');
    expect(parsed.country).toBe('FR');
  });

  it('lists every missing field', () => {
    const errors = fieldErrorsFromZod(RegisterSchema.safeParse({}).error!);
    expect(errors).toEqual({
      firstname: ['auth.firstname.required'],
      lastname: ['auth.lastname.required'],
      email: ['auth.email.required'],
      phone: ['auth.phone.required'],
      address: ['auth.address.required'],
      postal_code: ['auth.postal_code.required'],
      city: ['auth.city.required'],
      country: ['country.required'],
      password: ['auth.password.required'],
    });
  });

  it.each([
    ['password', '1234567', 'auth.password.too_short'],
    ['password', 'x'.repeat(129), 'auth.password.too_long'],
    ['phone', 'abc', 'auth.phone.invalid'],
    ['country', 'XX', 'country.invalid'],
    ['email', 'nope', 'auth.email.invalid'],
  ])('refuses %s = %j with %s', (field, value, key) => {
    const errors = fieldErrorsFromZod(
      RegisterSchema.safeParse({ ...register, [field]: value }).error!,
    );
    expect(errors).toEqual({ [field]: [key] });
  });

  it('accepts 8 and 128 character passwords', () => {
    expect(RegisterSchema.safeParse({ ...register, password: '12345678' }).success).toBe(true);
    expect(RegisterSchema.safeParse({ ...register, password: 'x'.repeat(128) }).success).toBe(true);
  });
});

describe('RegisterFormSchema', () => {
  const form = { ...register, password_confirmation: register.password, terms: true };

  it('accepts matching passwords and accepted terms, and yields the payload', () => {
    const parsed = RegisterFormSchema.parse(form);
    expect(toRegisterPayload(parsed)).toEqual(RegisterSchema.parse(register));
  });

  it('refuses mismatching passwords and unaccepted terms together', () => {
    const errors = fieldErrorsFromZod(
      RegisterFormSchema.safeParse({
        ...form,
        password_confirmation: 'different pass',
        terms: false,
      }).error!,
    );
    expect(errors).toEqual({
      password_confirmation: ['auth.passwords_mismatch'],
      terms: ['auth.terms_required'],
    });
  });

  it('still reports a mismatch while another field is wrong', () => {
    const errors = fieldErrorsFromZod(
      RegisterFormSchema.safeParse({ ...form, city: '', password_confirmation: 'other one' })
        .error!,
    );
    expect(errors).toEqual({
      city: ['auth.city.required'],
      password_confirmation: ['auth.passwords_mismatch'],
    });
  });

  it('starts with France selected', () => {
    expect(EMPTY_REGISTER_FORM.country).toBe('FR');
    expect(EMPTY_REGISTER_FORM.terms).toBe(false);
  });
});

describe('users and sessions', () => {
  it('maps the server user to the session user with role client', () => {
    expect(toSessionUser(ApiUserSchema.parse(apiUser))).toEqual({
      id: '0b7e1c52-6f0c-4a53-9d7e-3c1f2a9b8e41',
      email: 'camille@exemple.fr',
      firstName: 'Camille',
      lastName: 'Martin',
      company: '',
      phone: '+33 6 12 34 56 78',
      address: '12 rue de la Paix',
      city: 'Paris',
      postal_code: '75002',
      country: 'FR',
      siren: '',
      role: 'client',
      language: 'fr',
    });
    expect(toSessionUser({ ...apiUser, siren: '732829320' }).siren).toBe('732829320');
    expect(toSessionUser({ ...apiUser, role: 'admin', country: null }).role).toBe('client');
    expect(toSessionUser({ ...apiUser, country: null }).country).toBe('FR');
  });

  it('validates auth answers', () => {
    expect(
      AuthResponseSchema.safeParse({ success: true, user: apiUser, token: 't', message: 'ok' })
        .success,
    ).toBe(true);
    expect(
      AuthResponseSchema.safeParse({ success: true, user: apiUser, message: 'ok' }).success,
    ).toBe(false);
  });

  it('reads /auth/me in both shapes', () => {
    expect(extractMeUser({ success: true, user: apiUser })).toEqual(apiUser);
    expect(extractMeUser({ data: { user: apiUser } })).toEqual(apiUser);
    expect(extractMeUser({ data: null })).toBeNull();
    expect(extractMeUser({ user: { id: 'x' } })).toBeNull();
    expect(extractMeUser('nope')).toBeNull();
  });
});
