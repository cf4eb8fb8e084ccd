import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../../test-staff';
import {
  artifact,
  RELEASE_ID,
  staffRelease,
  staffReleasesServer,
  type StaffApiState,
} from './release-fixtures';
import { ReleaseScreen } from './release-screen';
import { ReleasesScreen } from './releases-screen';

/**
 * The back office's releases (docs/product.md 'Releases' ('Back office')): the list and its
 * download counts, a draft created, files uploaded with their progress, roadmap items linked,
 * publication and withdrawal, in French and in English.
 */

/** The browser's upload request as this test's server sees it: progress and answer on demand. */
class UploadRequest {
  static sent: UploadRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    UploadRequest.sent.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const fetchMock = mockFetch();
let state: StaffApiState;

beforeEach(() => {
  UploadRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', UploadRequest);
  state = { release: staffRelease(), list: [] };
  fetchMock.mockImplementation(staffReleasesServer(state));
});

afterEach(async () => {
  await setLanguage('fr');
});

const ROUTES = [
  { path: '/releases', Component: ReleasesScreen },
  { path: '/releases/:id', Component: ReleaseScreen },
];
const openAt = (path: string) => renderRoutes(ROUTES, path);
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: requestUrl(input), body: requestBody(init) }));

describe('the releases list', () => {
  it('lists every release with its state, date and downloads, each linked to its page', async () => {
    await signInAs('support');
    state.list = [
      staffRelease({
        id: 'r-24',
        version: '2.4.0',
        state: 'published',
        published_at: '2026-11-20T10:00:00.000Z',
        downloads: 12,
      }),
      staffRelease({ id: 'r-25', version: '2.5.0-beta.1', channel: 'beta' }),
    ];
    openAt('/releases');
    const table = await screen.findByRole('table', { name: 'Toutes les versions' });
    const [published, beta] = within(table).getAllByRole('row').slice(1);
    expect(within(published!).getByRole('link', { name: '2.4.0' })).toHaveAttribute(
      'href',
      '/releases/r-24',
    );
    expect(published).toHaveTextContent('Publiée');
    expect(published).toHaveTextContent('20 novembre 2026');
    expect(within(published!).getAllByRole('cell').at(-1)).toHaveTextContent('12');
    expect(beta).toHaveTextContent('2.5.0-beta.1Bêta');
    expect(beta).toHaveTextContent('Brouillon');
    // Support staff read; only administrators create.
    expect(screen.queryByRole('heading', { name: 'Nouvelle version' })).toBeNull();
  });

  // Typed key by key: on a loaded machine this takes longer than the default five seconds.
  it(
    'creates a draft from the keyboard, with the roadmap items it ships, and opens it',
    { timeout: 20_000 },
    async () => {
      await signInAs('admin');
      const user = userEvent.setup();
      openAt('/releases');
      const version = await screen.findByRole('textbox', { name: /^Version/ });
      expect(version).toHaveAccessibleDescription('En semver, par exemple 2.5.0 ou 3.0.0-beta.1.');
      await user.click(version);
      await user.keyboard('2.5.0');
      await user.tab();
      expect(screen.getByRole('combobox', { name: 'Canal' })).toHaveFocus();
      await user.tab();
      await user.keyboard('## Nouveautés');
      await user.tab();
      await user.keyboard('## What’s new');
      await user.tab();
      expect(screen.getByRole('checkbox', { name: 'Recherche multilingue' })).toHaveFocus();
      await user.keyboard(' ');
      await user.click(version);
      await user.keyboard('{Enter}');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Version 2.5.0' }),
      ).toBeInTheDocument();
      expect(posts()).toHaveLength(1);
      expect(posts()[0]?.url).toBe('/api/v1/admin/releases');
      expect(JSON.parse(posts()[0]!.body)).toEqual({
        version: '2.5.0',
        channel: 'stable',
        notes_fr: '## Nouveautés',
        notes_en: '## What’s new',
        roadmap_item_ids: [11],
      });
    },
  );

  it('shows a version already used as the server words it, on the field, and stays', async () => {
    await signInAs('admin');
    state.refuse = {
      status: 409,
      body: {
        message: 'Cette version existe déjà.',
        errors: { version: ['Cette version existe déjà.'] },
      },
    };
    const user = userEvent.setup();
    openAt('/releases');
    await user.type(await screen.findByRole('textbox', { name: /^Version/ }), '2.4.0');
    await user.click(screen.getByRole('button', { name: 'Créer le brouillon' }));
    const version = screen.getByRole('textbox', { name: /^Version/ });
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette version existe déjà.');
    expect(version).toHaveAttribute('aria-invalid', 'true');
    expect(version).toHaveAccessibleDescription(/Cette version existe déjà\./);
    expect(version).toHaveValue('2.4.0');
    expect(screen.getByRole('heading', { level: 1, name: 'Versions' })).toBeInTheDocument();
  });
});

describe('a release’s page', () => {
  it('uploads a file, showing its progress, with the header the server requires', async () => {
    await signInAs('admin');
    const user = userEvent.setup();
    openAt(`/releases/${RELEASE_ID}`);
    expect(
      await screen.findByText('Aucun fichier : ajoutez-en au moins un avant de publier.'),
    ).toBeInTheDocument();
    const file = new File(['package 2.5.0'], 'cadran-cms-2.5.0.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Fichier à ajouter'), file);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    const [request] = UploadRequest.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/api/v1/admin/releases/${RELEASE_ID}/artifacts`);
    expect(request?.headers['x-cadran-upload']).toBe('1');
    expect(request?.headers['accept-language']).toBe('fr');
    expect((request?.body as FormData).get('file')).toBe(file);

    request!.progress(512, 1024);
    const progress = screen.getByRole('progressbar', { name: 'Envoi : 50 %' });
    expect(progress).toHaveAttribute('value', '0.5');
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();

    state.release = { ...state.release, artifacts: [artifact('cadran-cms-2.5.0.zip', 0)] };
    request!.answer(201, { success: true, artifact: artifact('cadran-cms-2.5.0.zip', 0) });
    expect(await screen.findByText('cadran-cms-2.5.0.zip ajouté et signé.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The release is read again: its file is listed.
    const files = screen.getByRole('region', { name: 'Fichiers' });
    expect(await within(files).findByText('cadran-cms-2.5.0.zip')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a file too large, and offers to try again', async () => {
    await signInAs('admin');
    const user = userEvent.setup();
    openAt(`/releases/${RELEASE_ID}`);
    await user.upload(
      await screen.findByLabelText('Fichier à ajouter'),
      new File(['x'], 'big.zip', { type: 'application/zip' }),
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    UploadRequest.sent[0]!.answer(413, {
      success: false,
      message: 'Le fichier dépasse la taille maximale (1 Mo).',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le fichier dépasse la taille maximale (1 Mo).',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });

  it('publishes after a confirmation, then withdraws, each a request of its own', async () => {
    await signInAs('admin');
    state.release = staffRelease({ artifacts: [artifact('cadran-cms-2.5.0.zip', 0)] });
    const user = userEvent.setup();
    openAt(`/releases/${RELEASE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Publier' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Publier la version 2.5.0 ?',
    });
    expect(dialog).toHaveTextContent('leurs votants recevront un e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Publiée le 27 novembre 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publier' })).toBeNull();
    // Published: no more files, no more edits.
    expect(screen.queryByLabelText('Fichier à ajouter')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Modifier le brouillon' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    const withdraw = await screen.findByRole('alertdialog', {
      name: 'Retirer la version 2.5.0 ?',
    });
    await user.click(within(withdraw).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Retirée')).toBeInTheDocument();
    expect(posts().map((post) => post.url)).toEqual([
      `/api/v1/admin/releases/${RELEASE_ID}/publish`,
      `/api/v1/admin/releases/${RELEASE_ID}/withdraw`,
    ]);
  });

  it('counts downloads per file and in all, written as plurals', async () => {
    await signInAs('support');
    state.release = staffRelease({
      state: 'published',
      published_at: '2026-11-20T10:00:00.000Z',
      artifacts: [artifact('cadran-cms-2.5.0.zip', 1), artifact('cadran-cms-2.5.0.tar.gz', 3)],
      downloads: 4,
      roadmap_items: [],
    });
    openAt(`/releases/${RELEASE_ID}`);
    const files = await screen.findByRole('region', { name: 'Fichiers' });
    expect(within(files).getByText('4 ko · 1 téléchargement')).toBeInTheDocument();
    expect(within(files).getByText('4 ko · 3 téléchargements')).toBeInTheDocument();
    expect(screen.getByText('4 téléchargements')).toBeInTheDocument();
    expect(screen.getByText('Aucune évolution de la feuille de route.')).toBeInTheDocument();
    // Support staff cannot withdraw.
    expect(screen.queryByRole('button', { name: 'Retirer' })).toBeNull();
  });
});

describe('the releases in English', () => {
  it('names the roadmap items by their English title, the French one where none', async () => {
    await setLanguage('en');
    await signInAs('admin');
    state.release = staffRelease({
      state: 'published',
      published_at: '2026-11-20T10:00:00.000Z',
      artifacts: [artifact('cadran-cms-2.5.0.zip', 2)],
      downloads: 2,
    });
    openAt(`/releases/${RELEASE_ID}`);
    const items = await screen.findByRole('region', { name: 'Items shipped' });
    expect(within(items).getByRole('listitem')).toHaveTextContent('Multilingual search');
    expect(within(items).queryByText('No roadmap item.')).toBeNull();
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByText('4 kB · 2 downloads')).toBeInTheDocument();
    expect(screen.getByText('Published on 20 November 2026')).toBeInTheDocument();
    expect(screen.getByText('2 downloads')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  // Typed key by key: on a loaded machine this takes longer than the default five seconds.
  it(
    'offers an English form whose items read in English, and sends the English notes',
    { timeout: 20_000 },
    async () => {
      await setLanguage('en');
      await signInAs('admin');
      const user = userEvent.setup();
      openAt(`/releases/${RELEASE_ID}`);
      const form = await screen.findByRole('region', { name: 'Edit the draft' });
      expect(within(form).getByRole('textbox', { name: /^Version/ })).toBeDisabled();
      expect(within(form).getByRole('checkbox', { name: 'Multilingual search' })).toBeChecked();
      await user.click(within(form).getByRole('checkbox', { name: 'Thèmes sombres' }));
      const notes = within(form).getByRole('textbox', { name: /Notes in English/ });
      await user.clear(notes);
      await user.type(notes, 'Faster search');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      await vi.waitFor(() =>
        expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true),
      );
      const [, patch] = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
      expect(JSON.parse(requestBody(patch))).toEqual({
        channel: 'stable',
        notes_fr: '## Nouveautés',
        notes_en: 'Faster search',
        roadmap_item_ids: [11, 12],
      });
    },
  );
});
