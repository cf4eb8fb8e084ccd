import { act, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUser } from '@cadran/domain/test-fixtures';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { useRealtimeStore } from '../store/realtime-store';
import { RoadmapPage } from './roadmap-page';

/**
 * The roadmap page against a scripted server: fetch answers come from `server`, and the
 * WebSocket is a stand-in the test opens and feeds, as the real server would.
 */

interface Item {
  id: number;
  title: string;
  title_en: string | null;
  description: string | null;
  description_en: string | null;
  category: string | null;
  status: 'planned' | 'in_progress' | 'done';
  is_public: boolean;
  sort_order: number;
  vote_count?: number | null;
  voted?: boolean;
}

const item = (overrides: Partial<Item> & Pick<Item, 'id' | 'title'>): Item => ({
  title_en: null,
  description: null,
  description_en: null,
  category: null,
  status: 'planned',
  is_public: true,
  sort_order: overrides.id,
  vote_count: 0,
  voted: false,
  ...overrides,
});

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
}

let roadmap: { status: number; body: unknown };
let signedIn = false;
let calls: Call[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input, 'http://localhost');
  const method = init.method ?? 'GET';
  calls.push({
    method,
    path: url.pathname,
    headers: (init.headers ?? {}) as Record<string, string>,
  });
  if (url.pathname === '/api/v1/website/roadmap')
    return Promise.resolve(json(roadmap.status, roadmap.body));
  if (url.pathname === '/api/v1/website/realtime/token') {
    return Promise.resolve(
      json(200, {
        success: true,
        token: 'tok',
        client_id: 'AAAAAAAAAAAAAAAAAAAAAA',
        expires_at: '2030-01-01T00:00:00Z',
      }),
    );
  }
  if (url.pathname === '/api/v1/website/auth/me') {
    return Promise.resolve(
      signedIn
        ? json(200, {
            success: true,
            user: apiUser({ id: 'u1', company: null }),
          })
        : json(401, { success: false, message: 'Vous devez être connecté' }),
    );
  }
  const voteMatch = /^\/api\/v1\/website\/roadmap\/(\d+)\/vote$/.exec(url.pathname);
  if (voteMatch && method === 'POST') {
    return Promise.resolve(
      json(200, { success: true, data: { id: Number(voteMatch[1]), vote_count: 4, voted: true } }),
    );
  }
  return Promise.resolve(json(404, { success: false, message: 'Ressource introuvable' }));
}

const list = (items: Item[]) => ({ status: 200, body: { success: true, data: items } });
const column = (name: string) => screen.getByRole('region', { name });

function renderPage() {
  return renderRoutes([{ path: '/roadmap', Component: RoadmapPage }], '/roadmap');
}

async function openSocket() {
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  act(() => FakeSocket.all[0]!.open());
  return FakeSocket.all[0]!;
}

describe('roadmap page', () => {
  beforeAll(async () => {
    await loadNamespaces(['roadmap']);
  });
  beforeEach(() => {
    FakeSocket.all = [];
    calls = [];
    signedIn = false;
    document.cookie = 'cadran_signed_in=; Max-Age=0; Path=/';
    useRealtimeStore.setState({ status: 'connecting', clientId: null });
    roadmap = list([
      item({
        id: 1,
        title: 'Import depuis WordPress',
        title_en: 'WordPress import',
        category: 'integrations',
        vote_count: 3,
        description: 'Pages et médias',
      }),
      item({ id: 2, title: 'Recherche multilingue', status: 'in_progress', vote_count: null }),
      item({ id: 3, title: 'Publication planifiée', status: 'done', category: 'atelier-maison' }),
    ]);
    vi.stubGlobal('fetch', vi.fn(server));
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows three columns with each item’s title, star count, description and category', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Feuille de route' })).toBeInTheDocument();
    const planned = await screen.findByRole('region', { name: 'Prévu' });
    expect(
      within(planned).getByRole('heading', { name: 'Import depuis WordPress' }),
    ).toBeInTheDocument();
    expect(within(planned).getByText('3 votes')).toBeInTheDocument();
    expect(within(planned).getByText('Pages et médias')).toBeInTheDocument();
    expect(within(planned).getByText('Catégorie : Intégrations')).toBeInTheDocument();
    // A missing count reads 0; an unknown category shows as written.
    expect(within(column('En cours')).getByText('0 vote')).toBeInTheDocument();
    expect(within(column('Fait')).getByText('Catégorie : atelier-maison')).toBeInTheDocument();
    // Anonymous: counts without buttons, a hint with a link to sign in, and no /auth/me call.
    expect(screen.queryByRole('button', { name: /Voter pour/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      // The client area's sign-in, which brings the visitor back here.
      expect.stringMatching(/^\/client\/sign-in\?next=/),
    );
    expect(calls.some((call) => call.path.endsWith('/auth/me'))).toBe(false);
  });

  it('tracks the live connection and reloads the roadmap on roadmap:update', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Prévu' });
    expect(screen.getByText('Connexion aux mises à jour en direct…')).toBeInTheDocument();
    const socket = await openSocket();
    expect(await screen.findByText('Cette page se met à jour en direct')).toBeInTheDocument();
    expect(socket.url).toBe('ws://localhost:3000/api/v1/website/realtime?token=tok');
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'localhost:3000:public' }]);

    roadmap = list([item({ id: 1, title: 'Import depuis WordPress', status: 'in_progress' })]);
    act(() =>
      socket.deliver({ channel: 'localhost:3000:public', name: 'roadmap:update', data: { id: 1 } }),
    );
    expect(
      await within(column('En cours')).findByRole('heading', { name: 'Import depuis WordPress' }),
    ).toBeInTheDocument();
    expect(
      within(column('Prévu')).getByText('Rien dans cette colonne pour le moment.'),
    ).toBeInTheDocument();

    act(() => socket.drop());
    expect(
      await screen.findByText('Mises à jour en direct interrompues, nouvelle tentative…'),
    ).toBeInTheDocument();
  });

  it('lets a signed-in client vote, naming its realtime connection', async () => {
    signedIn = true;
    document.cookie = 'cadran_signed_in=1; Path=/';
    const user = userEvent.setup();
    renderPage();
    await openSocket();
    const button = await screen.findByRole('button', {
      name: 'Voter pour «\u00a0Import depuis WordPress\u00a0», 3 votes',
    });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('link', { name: 'Se connecter' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(useRealtimeStore.getState().clientId).toBe('AAAAAAAAAAAAAAAAAAAAAA'),
    );

    await user.click(button);
    const pressed = await screen.findByRole('button', {
      name: 'Voter pour «\u00a0Import depuis WordPress\u00a0», 4 votes',
    });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    const voteCall = calls.find((call) => call.path === '/api/v1/website/roadmap/1/vote');
    expect(voteCall?.method).toBe('POST');
    expect(voteCall?.headers['x-realtime-client-id']).toBe('AAAAAAAAAAAAAAAAAAAAAA');
  });

  it('shows a done item’s votes read-only, closed, while the other items keep their button', async () => {
    signedIn = true;
    document.cookie = 'cadran_signed_in=1; Path=/';
    roadmap = list([
      item({ id: 1, title: 'Import depuis WordPress', vote_count: 3 }),
      item({ id: 2, title: 'Recherche multilingue', status: 'in_progress', vote_count: 1 }),
      item({ id: 3, title: 'Publication planifiée', status: 'done', vote_count: 12, voted: true }),
    ]);
    renderPage();
    await openSocket();
    expect(
      await screen.findByRole('button', {
        name: 'Voter pour «\u00a0Import depuis WordPress\u00a0», 3 votes',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Voter pour «\u00a0Recherche multilingue\u00a0», 1 vote',
      }),
    ).toBeInTheDocument();

    const done = within(column('Fait')).getByRole('article', { name: 'Publication planifiée' });
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
    // Nothing in the card can take keyboard focus.
    expect(
      done.querySelectorAll('button, a[href], input, select, textarea, [tabindex]'),
    ).toHaveLength(0);
    // Said with French typography: a no-break space before the colon.
    const keepSpaces = getDefaultNormalizer({ collapseWhitespace: false });
    expect(
      within(done).getByText('Votes clos\u00a0: 12 votes', { normalizer: keepSpaces }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Voter pour/ })).toHaveLength(2);
  });

  it('says a done item’s votes are closed to anonymous visitors too, in English as well', async () => {
    roadmap = list([item({ id: 3, title: 'Publication', status: 'done', vote_count: 1 })]);
    await i18n.changeLanguage('en');
    try {
      renderPage();
      const done = await screen.findByRole('article', { name: 'Publication' });
      expect(within(done).getByText('Voting closed: 1 vote')).toBeInTheDocument();
      expect(within(done).queryByRole('button')).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('reads the list again once the client is known, so their own votes show pressed', async () => {
    signedIn = true;
    document.cookie = 'cadran_signed_in=1; Path=/';
    // The first answer is the list as everybody sees it (a page drawn on the server holds that);
    // the client's own reading says they voted.
    const everybody = list([item({ id: 1, title: 'Import depuis WordPress', vote_count: 3 })]);
    roadmap = everybody;
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL, init?: RequestInit) => {
        if (new URL(input, 'http://localhost').pathname === '/api/v1/website/roadmap') {
          reads += 1;
          roadmap =
            reads === 1
              ? everybody
              : list([
                  item({ id: 1, title: 'Import depuis WordPress', vote_count: 3, voted: true }),
                ]);
        }
        return server(input, init);
      }),
    );
    renderPage();
    await openSocket();
    const button = await screen.findByRole('button', { name: /Import depuis WordPress/ });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(reads).toBe(2);
  });

  it('shows an error with a retry, then the roadmap', async () => {
    roadmap = {
      status: 503,
      body: { success: false, message: 'La base de données ne répond pas.' },
    };
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('La feuille de route n’a pas pu être chargée');
    expect(alert).toHaveTextContent('La base de données ne répond pas.');
    roadmap = list([item({ id: 9, title: 'Thèmes sombres' })]);
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Thèmes sombres' })).toBeInTheDocument();
  });

  it('has an empty state when nothing is published', async () => {
    roadmap = list([]);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'La feuille de route est en cours de rédaction' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proposer une idée' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});
