import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { DownloadsScreen } from './downloads-screen';

/**
 * The client area's Downloads (docs/product.md 'Releases' ('Client area')): what each licence
 * makes of each release, files with their checksums and links, and the release settings.
 */

const PRO = 'a1b2c3d4-0000-4000-8000-000000000001';
const STARTER = 'a1b2c3d4-0000-4000-8000-000000000002';
const SHA_23 = 'ab'.repeat(32);
const SHA_24 = 'cd'.repeat(32);
const LINK_23 = '/api/v1/downloads/art-23?licence=pro&expires=1&signature=abc';

const release = (
  version: string,
  published_at: string,
  sha256: string,
  download_url: string | null,
  access: { pro: string; starter: string },
) => ({
  version,
  channel: 'stable',
  published_at,
  notes: { fr: `Notes ${version}`, en: `Notes ${version}` },
  notes_html: { fr: `<p>Nouveautés de ${version}</p>`, en: `<p>What’s new in ${version}</p>` },
  items: [{ id: 7, title: 'Recherche multilingue', title_en: 'Multilingual search' }],
  artifacts: [
    {
      file: `cadran-cms-${version}.zip`,
      size: 2048,
      sha256,
      signature: 'header.payload.sig',
      download_url,
    },
  ],
  licences: [
    { license_id: PRO, key: 'CAD-PRO-0001', plan: 'Pro', access: access.pro },
    { license_id: STARTER, key: 'CAD-STA-0002', plan: 'Starter', access: access.starter },
  ],
});

const DOWNLOADS = {
  success: true,
  releases: [
    release('2.4.0', '2026-11-20T10:00:00.000Z', SHA_24, null, {
      pro: 'after_renewal',
      starter: 'not_covered',
    }),
    release('2.3.0', '2026-10-28T10:00:00.000Z', SHA_23, LINK_23, {
      pro: 'included',
      starter: 'included',
    }),
  ],
  preferences: { beta_opt_in: false, release_mail: true, in_progress_mail: false },
};

const fetchMock = mockFetch();

/** This test's server: the downloads, and the settings saved (or refused with `refusal`). */
function answerDownloads(refusal?: { status: number; message: string }) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.endsWith('/release-preferences') && init?.method === 'PUT') {
      if (refusal) return Promise.resolve(json(refusal.status, { success: false, ...refusal }));
      const preferences = JSON.parse(requestBody(init)) as Record<string, boolean>;
      return Promise.resolve(
        json(200, { success: true, preferences, message: 'Préférences enregistrées.' }),
      );
    }
    if (url.endsWith('/downloads')) return Promise.resolve(json(200, DOWNLOADS));
    return Promise.resolve(json(404, { success: false, message: 'Ressource introuvable' }));
  });
}

const calls = (suffix: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([input, init]) => requestUrl(input).endsWith(suffix) && (init?.method ?? 'GET') === method,
  );

const renderDownloads = () =>
  renderRoutes([{ path: '/downloads', Component: DownloadsScreen }], '/downloads');

const releaseCard = (name: string) => screen.findByRole('article', { name });

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the client area’s downloads, in French', () => {
  it('offers the files of an included release, with their checksum and signed link', async () => {
    answerDownloads();
    renderDownloads();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Téléchargements' }),
    ).toBeInTheDocument();
    // Newest first.
    const titles = (await screen.findAllByRole('heading', { level: 2 })).map(
      (heading) => heading.textContent,
    );
    expect(titles.slice(0, 2)).toEqual(['Version 2.4.0', 'Version 2.3.0']);

    const included = await releaseCard('Version 2.3.0');
    expect(within(included).getByText('Nouveautés de 2.3.0')).toBeInTheDocument();
    expect(within(included).getByText(/Recherche multilingue/)).toBeInTheDocument();
    const link = within(included).getByRole('link', { name: 'Télécharger cadran-cms-2.3.0.zip' });
    expect(link).toHaveAttribute('href', LINK_23);
    expect(link).toHaveAttribute('download', 'cadran-cms-2.3.0.zip');
    const files = within(included).getByRole('list', { name: 'Fichiers de la version 2.3.0' });
    expect(within(files).getByText(SHA_23)).toBeInTheDocument();
    expect(within(files).getByText('2 ko')).toBeInTheDocument();
    const licences = within(included).getByRole('list', {
      name: 'Vos licences pour cette version',
    });
    expect(within(licences).getAllByText(/incluse$/)).toHaveLength(2);
  });

  it('says which licence a renewal would unlock it for, and which plan does not include it', async () => {
    answerDownloads();
    renderDownloads();
    const later = await releaseCard('Version 2.4.0');
    const [pro, starter] = within(
      within(later).getByRole('list', { name: 'Vos licences pour cette version' }),
    ).getAllByRole('listitem');
    expect(pro).toHaveTextContent(
      'CAD-PRO-0001 (Pro) : publiée après la fin de ses mises à jour : un renouvellement l’inclut.',
    );
    expect(within(pro!).getByRole('link', { name: 'Renouveler' })).toHaveAttribute(
      'href',
      `/licences/${PRO}`,
    );
    expect(starter).toHaveTextContent('CAD-STA-0002 (Starter) : non incluse dans cette formule.');
    expect(within(starter!).queryByRole('link')).toBeNull();
    // No licence includes it: no download link, the file says so.
    expect(within(later).queryByRole('link', { name: /Télécharger/ })).toBeNull();
    expect(within(later).getByText('Non incluse')).toBeInTheDocument();
  });

  it('copies a checksum from the keyboard and says a checksum was copied', async () => {
    answerDownloads();
    const user = userEvent.setup();
    renderDownloads();
    const included = await releaseCard('Version 2.3.0');
    within(included)
      .getByRole('button', { name: 'Copier la somme SHA-256 de cadran-cms-2.3.0.zip' })
      .focus();
    await user.keyboard('{Enter}');
    expect(await within(included).findByText('Somme SHA-256 copiée.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHA_23);
  });

  it('saves the e-mail for an item moving to “in progress” from the keyboard', async () => {
    answerDownloads();
    const user = userEvent.setup();
    renderDownloads();
    const inProgress = await screen.findByRole('checkbox', {
      name: 'E-mail quand une évolution votée passe « en cours »',
    });
    expect(inProgress).not.toBeChecked();
    expect(inProgress).toHaveAccessibleDescription('Un message quand le développement commence.');
    inProgress.focus();
    await user.keyboard(' ');
    expect(inProgress).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Préférences enregistrées.')).toBeInTheDocument();
    const [put] = calls('/release-preferences', 'PUT');
    expect(JSON.parse(requestBody(put?.[1]))).toEqual({
      beta_opt_in: false,
      release_mail: true,
      in_progress_mail: true,
    });
    // Saved: the screen reads the downloads again.
    expect(calls('/downloads').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s refusal of the settings, and keeps the choice on screen', async () => {
    answerDownloads({ status: 400, message: 'Données invalides' });
    const user = userEvent.setup();
    renderDownloads();
    await user.click(await screen.findByRole('checkbox', { name: 'Versions bêta' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Données invalides');
    expect(screen.getByRole('checkbox', { name: 'Versions bêta' })).toBeChecked();
    expect(screen.queryByText('Préférences enregistrées.')).toBeNull();
  });

  it('says there is nothing yet for an account without licences', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { ...DOWNLOADS, releases: [] })));
    renderDownloads();
    expect(
      await screen.findByText(
        'Aucune licence n’est encore associée à votre compte : les versions s’afficheront ici dès votre premier achat.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('the client area’s downloads, in English', () => {
  it('shows the English notes, item titles and what each licence makes of a release', async () => {
    await i18n.changeLanguage('en');
    answerDownloads();
    renderDownloads();
    expect(await screen.findByRole('heading', { level: 1, name: 'Downloads' })).toBeInTheDocument();
    const later = await releaseCard('Version 2.4.0');
    expect(within(later).getByText('What’s new in 2.4.0')).toBeInTheDocument();
    expect(within(later).getByText(/Multilingual search/)).toBeInTheDocument();
    expect(within(later).queryByText(/Recherche multilingue/)).toBeNull();
    const [pro, starter] = within(
      within(later).getByRole('list', { name: 'Your licences for this release' }),
    ).getAllByRole('listitem');
    expect(pro).toHaveTextContent('published after its updates ended: a renewal includes it.');
    expect(within(pro!).getByRole('link', { name: 'Renew' })).toBeInTheDocument();
    expect(starter).toHaveTextContent('CAD-STA-0002 (Starter): not included in this plan.');
    const included = await releaseCard('Version 2.3.0');
    expect(
      within(included).getByRole('link', { name: 'Download cadran-cms-2.3.0.zip' }),
    ).toHaveAttribute('href', LINK_23);
    expect(within(included).getByText('2 kB')).toBeInTheDocument();
  });
});
