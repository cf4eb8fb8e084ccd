import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import type { AccountSession } from '../api/account';
import { SecurityScreen } from './security-screen';

/**
 * The security screen (docs/product.md 'Accounts and sessions' ('Security settings')): a new
 * e-mail address and a new password each ask for the current password, a wrong one is said on
 * its field, and the open sessions can be ended one by one or all but this device's.
 */

// Each test types into forms on a screen that loads its texts on demand: on a busy two-core
// machine that takes longer than the default five seconds, never longer than this.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = mockFetch();
const ACCOUNT = '/api/v1/website/account';

const session = (overrides: Partial<AccountSession> = {}): AccountSession => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  created_at: '2026-03-02T08:00:00.000Z',
  last_seen_at: '2026-03-04T09:30:00.000Z',
  expires_at: '2026-04-02T08:00:00.000Z',
  current: true,
  device: 'Firefox sur Linux',
  ...overrides,
});
const thisDevice = session();
const phone = session({
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  current: false,
  device: null,
  last_seen_at: null,
});

/** The server's refusal of a wrong current password, on the field that carried it. */
const passwordWrong = (field: string, message: string) =>
  json(403, { success: false, message, errors: { [field]: [message] } });

/**
 * Answers the session list with what is still open, a change of e-mail or password with
 * `changed`, and ends sessions as the server does.
 */
function serve(changed: (url: string) => Response = () => json(200, { success: true })) {
  let open = [thisDevice, phone];
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (init?.method === 'DELETE') {
      open = open.filter((row) => !url.endsWith(row.id));
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    if (url === `${ACCOUNT}/sessions/end-others`) {
      open = open.filter((row) => row.current);
      return Promise.resolve(json(200, { success: true, ended: 1 }));
    }
    if (init?.method === 'POST') return Promise.resolve(changed(url));
    return Promise.resolve(json(200, { success: true, sessions: open }));
  });
  renderRoutes([{ path: '/security', Component: SecurityScreen }], '/security');
}

const sent = (method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && requestUrl(input) === url)
    .map(([, init]) => requestBody(init));

/** The panel a screen reader names `name` (its heading): the form or the list inside it. */
const panel = async (name: string) => screen.findByRole('region', { name });

/**
 * Fills the form of the panel named `name`, each field found by its label, and presses `submit`.
 * The text arrives as a paste would, in one input event, where typing would take a key each.
 */
async function submitIn(name: string, fields: Array<[RegExp, string]>, submit: string) {
  const user = userEvent.setup();
  const form = await panel(name);
  for (const [label, text] of fields) {
    await user.click(within(form).getByLabelText(label));
    await user.paste(text);
  }
  await user.click(within(form).getByRole('button', { name: submit }));
  return form;
}

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('changing the e-mail address', () => {
  it('sends the new address trimmed with the current password, then says a link left', async () => {
    serve(() =>
      json(200, {
        success: true,
        message: 'Un lien de confirmation a été envoyé à la nouvelle adresse.',
      }),
    );
    const form = await submitIn(
      'Changer d’adresse e-mail',
      [
        [/^Nouvelle adresse e-mail/, ' camille@atelier.fr '],
        [/^Mot de passe actuel/, 'Cadran-Sablier-2026'],
      ],
      'Envoyer le lien de confirmation',
    );

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Un lien de confirmation a été envoyé à la nouvelle adresse.',
    );
    expect(sent('POST', `${ACCOUNT}/email`).map((body) => JSON.parse(body) as unknown)).toEqual([
      { new_email: 'camille@atelier.fr', password: 'Cadran-Sablier-2026' },
    ]);
  });

  it('says a wrong password on its field', async () => {
    serve(() => passwordWrong('password', 'Mot de passe incorrect'));
    const form = await submitIn(
      'Changer d’adresse e-mail',
      [
        [/^Nouvelle adresse e-mail/, 'camille@atelier.fr'],
        [/^Mot de passe actuel/, 'pas-le-bon'],
      ],
      'Envoyer le lien de confirmation',
    );

    expect(await within(form).findByRole('alert')).toHaveTextContent('Mot de passe incorrect');
    expect(within(form).getByLabelText(/^Mot de passe actuel/)).toHaveAccessibleDescription(
      /Mot de passe incorrect/,
    );
  });
});

/** The French password form filled with `current` and `next`, then sent. */
const changePassword = (current: string, next: string) =>
  submitIn(
    'Changer de mot de passe',
    [
      [/^Mot de passe actuel/, current],
      [/^Nouveau mot de passe/, next],
    ],
    'Changer le mot de passe',
  );

describe('changing the password', () => {
  it('sends the current and the new password, says the other sessions ended and reloads them', async () => {
    serve();
    // The list has been read once before the change; the change reads it again.
    await within(await panel('Sessions ouvertes')).findAllByRole('listitem');
    const readsBefore = sent('GET', `${ACCOUNT}/sessions`).length;
    const form = await changePassword('Cadran-Sablier-2026', 'Cadran-Horloge-2027');

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Mot de passe changé. Vos autres sessions ont été fermées.',
    );
    expect(sent('POST', `${ACCOUNT}/password`).map((body) => JSON.parse(body) as unknown)).toEqual([
      { current_password: 'Cadran-Sablier-2026', new_password: 'Cadran-Horloge-2027' },
    ]);
    expect(sent('GET', `${ACCOUNT}/sessions`).length).toBeGreaterThan(readsBefore);
  });

  it('shows the server’s reason for a refused new password under that field', async () => {
    serve(() =>
      json(400, {
        success: false,
        message: 'Certains champs sont invalides',
        errors: { new_password: ['Au moins 12 caractères'] },
      }),
    );
    const form = await changePassword('Cadran-Sablier-2026', 'court');

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Certains champs sont invalides',
    );
    expect(within(form).getByLabelText(/^Nouveau mot de passe/)).toHaveAccessibleDescription(
      /Au moins 12 caractères/,
    );
  });
});

describe('the open sessions', () => {
  it('marks this device, names an unknown one, and ends it after asking', async () => {
    serve();
    const user = userEvent.setup();
    const list = await panel('Sessions ouvertes');
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox sur Linux');
    expect(rows[0]).toHaveTextContent('Cet appareil');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Appareil inconnu');
    expect(rows[1]).toHaveTextContent(/Dernière activité le 2 mars 2026/);

    await user.click(within(rows[1]!).getByRole('button', { name: 'Fermer la session' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Fermer cette session/ });
    expect(dialog).toHaveTextContent('L’appareil concerné devra se reconnecter.');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer la session' }));

    await expect.poll(() => within(list).queryAllByRole('listitem')).toHaveLength(1);
    expect(sent('DELETE', `${ACCOUNT}/sessions/${phone.id}`)).toHaveLength(1);
    expect(
      within(list).queryByRole('button', { name: 'Se déconnecter partout ailleurs' }),
    ).toBeNull();
  });

  it('ends every other session at once, in English', async () => {
    await i18n.changeLanguage('en');
    serve();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    const list = await panel('Open sessions');
    expect(await within(list).findByText('Unknown device')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText(/Last active on 2 March 2026/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Sign out everywhere else' }));
    await expect.poll(() => within(list).queryAllByRole('listitem')).toHaveLength(1);
    expect(sent('POST', `${ACCOUNT}/sessions/end-others`)).toHaveLength(1);
    expect(within(list).getByRole('listitem')).toHaveTextContent('Firefox sur Linux');
  });
});

describe('in English', () => {
  it('labels both forms and says a wrong current password', async () => {
    await i18n.changeLanguage('en');
    serve(() => passwordWrong('current_password', 'Incorrect password'));
    expect(await panel('Change email address')).toBeInTheDocument();
    const form = await submitIn(
      'Change password',
      [
        [/^Current password/, 'not-the-one'],
        [/^New password/, 'Cadran-Horloge-2027'],
      ],
      'Change the password',
    );

    expect(await within(form).findByRole('alert')).toHaveTextContent('Incorrect password');
    expect(within(form).getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      /Incorrect password/,
    );
  });
});
