import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import type { Profile } from '../api/account';
import { ProfileScreen } from './profile-screen';

/**
 * The profile screen (docs/product.md 'Client area'): the account's details fill the form, a
 * save sends them and says so, a refused field shows the server's reason under it, and an
 * address not confirmed yet offers its link again.
 */

// Each test types into forms on a screen that loads its texts on demand: on a busy two-core
// machine that takes longer than the default five seconds, never longer than this.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = mockFetch();
const PROFILE_URL = '/api/v1/website/account/profile';
const RESEND_URL = '/api/v1/website/auth/email/resend';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  email: 'camille@exemple.fr',
  email_verified: true,
  first_name: 'Camille',
  last_name: 'Martin',
  company: 'Atelier Martin',
  phone: '+33 6 12 34 56 78',
  address_line_1: '12 rue de la Paix',
  postal_code: '75002',
  city: 'Paris',
  country: 'FR',
  vat_number: null,
  siren: null,
  locale: 'fr',
  pending_email: null,
  ...overrides,
});

/** Answers the profile's read with `current`, its save with `saved`, a resend with `resent`. */
function serve(
  current: Profile,
  { saved, resent }: { saved?: (change: Partial<Profile>) => Response; resent?: Response } = {},
) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url === PROFILE_URL && init?.method === 'PATCH' && saved) {
      return Promise.resolve(saved(JSON.parse(requestBody(init)) as Partial<Profile>));
    }
    if (url === RESEND_URL && init?.method === 'POST' && resent) return Promise.resolve(resent);
    return Promise.resolve(json(200, { success: true, profile: current }));
  });
  renderRoutes([{ path: '/profile', Component: ProfileScreen }], '/profile');
}

const sent = (method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && requestUrl(input) === url)
    .map(([, init]) => JSON.parse(requestBody(init)) as Record<string, unknown>);

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the profile screen', () => {
  it('fills the form with the account’s details and names the account’s address', async () => {
    serve(profile());
    expect(await screen.findByLabelText('Prénom')).toHaveValue('Camille');
    expect(screen.getByLabelText('Nom')).toHaveValue('Martin');
    expect(screen.getByLabelText('Société')).toHaveValue('Atelier Martin');
    expect(screen.getByLabelText('Ville')).toHaveValue('Paris');
    expect(screen.getByLabelText('Numéro de TVA')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveValue('FR');
    expect(
      screen.getByText('Adresse du compte : camille@exemple.fr (modifiable dans Sécurité).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renvoyer le lien de confirmation' })).toBeNull();
  });

  it('sends the changed details and says they are saved', async () => {
    serve(profile(), {
      saved: (change) => json(200, { success: true, profile: profile(change) }),
    });
    const user = userEvent.setup();
    const city = await screen.findByLabelText('Ville');
    await user.clear(city);
    await user.type(city, 'Lyon');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pays' }), 'BE');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Profil enregistré.');
    const [change] = sent('PATCH', PROFILE_URL);
    expect(change).toMatchObject({
      first_name: 'Camille',
      city: 'Lyon',
      country: 'BE',
      postal_code: '75002',
    });
    expect(screen.getByLabelText('Ville')).toHaveValue('Lyon');
  });

  it('shows a refused field’s reason under it and keeps what was typed', async () => {
    serve(profile(), {
      saved: () =>
        json(400, {
          success: false,
          message: 'Certains champs sont invalides',
          errors: { vat_number: ['Numéro de TVA invalide'] },
        }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Numéro de TVA'), 'FR00');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Certains champs sont invalides');
    const vat = screen.getByLabelText('Numéro de TVA');
    expect(vat).toHaveAccessibleDescription(/Numéro de TVA invalide/);
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(vat).toHaveValue('FR00');
  });

  it('sends the confirmation link again for an address not confirmed yet', async () => {
    serve(profile({ email_verified: false, pending_email: 'camille@atelier.fr' }), {
      resent: json(200, { success: true }),
    });
    const user = userEvent.setup();
    expect(
      await screen.findByText(/Votre adresse e-mail n’est pas encore confirmée/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Le passage à l’adresse camille@atelier.fr attend sa confirmation/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien de confirmation' }));
    expect(
      await screen.findByText('Un nouveau lien de confirmation vient d’être envoyé.'),
    ).toBeInTheDocument();
    expect(sent('POST', RESEND_URL)).toHaveLength(1);
  });

  it('says it all in English', async () => {
    await i18n.changeLanguage('en');
    serve(profile({ email_verified: false }), {
      saved: (change) => json(200, { success: true, profile: profile(change) }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    expect(await screen.findByLabelText('First name')).toHaveValue('Camille');
    expect(screen.getByLabelText('Postcode')).toHaveValue('75002');
    expect(
      screen.getByText('Account address: camille@exemple.fr (change it under Security).'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your email address is not confirmed yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Company'), ' SARL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(sent('PATCH', PROFILE_URL)[0]).toMatchObject({ company: 'Atelier Martin SARL' });
  });

  it('offers to try again when the profile cannot be read', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockImplementation(() => Promise.resolve(json(500, { success: false })));
    renderRoutes([{ path: '/profile', Component: ProfileScreen }], '/profile');
    expect(await screen.findByText('This information cannot be shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).toBeNull();
  });
});
