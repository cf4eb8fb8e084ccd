import type { DownloadsResponse, PublicRelease } from '@cadran/domain/release-api';
import type { RoadmapItem } from '@cadran/domain/roadmap';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../src/modules/demo/demo-client';
import { login, sessionCookie } from './auth-helpers';
import { buyLicences } from './licenses-helpers';
import { buyer, shopSuite, template } from './orders-helpers';
import {
  createRelease,
  download,
  publishedRelease,
  roadmapItemId,
  sha256,
} from './releases-helpers';
import { signedInStaff } from './staff-helpers';

/**
 * What the site shows of releases (docs/product.md 'Releases'): the public list and its feeds,
 * never a download link; the roadmap's done items and the release that shipped them; the
 * client area's downloads, scoped to the account's own licences.
 */

const t = shopSuite({ demoReleases: true });

describe('the public releases', () => {
  it('lists published stable releases, newest first, with safe notes and their items, and no download link', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const itemId = await roadmapItemId(t.db, 'realtime-collaboration');
    await publishedRelease(t.app, staff.headers, {
      version: '10.0.0',
      notes_fr: 'Voir <script>alert(1)</script> et [ceci](javascript:alert(1)) **gras**',
      roadmap_item_ids: [itemId],
    });
    await publishedRelease(t.app, staff.headers, { version: '10.1.0-beta.1', channel: 'beta' });
    await createRelease(t.app, staff.headers, { version: '10.2.0' });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/website/releases' });
    expect(res.statusCode).toBe(200);
    const { releases } = res.json<{ releases: PublicRelease[] }>();
    // The demo's three releases follow; the beta and the draft are not listed.
    expect(releases.map((release) => release.version)).toEqual([
      '10.0.0',
      '2.4.0',
      '2.3.0',
      '2.2.0',
    ]);
    const [release] = releases;
    expect(release?.items).toEqual([
      expect.objectContaining({ id: itemId, title: 'Édition collaborative en temps réel' }),
    ]);
    expect(release?.notes_html.fr).toContain('&lt;script&gt;');
    expect(release?.notes_html.fr).not.toContain('<script');
    expect(release?.notes_html.fr).not.toMatch(/href="javascript:/);
    expect(release?.notes_html.fr).toContain('<strong>gras</strong>');
    expect(res.body).not.toMatch(/download|signature|sha256/);

    const roadmap = await t.app.inject({ method: 'GET', url: '/api/v1/website/roadmap' });
    const item = roadmap.json<{ data: RoadmapItem[] }>().data.find((entry) => entry.id === itemId);
    expect(item).toMatchObject({
      status: 'done',
      release: { version: '10.0.0', url: '/changelog#v10.0.0' },
    });
  });

  it('serves the changelog as Atom feeds, in French and in English, escaped', async () => {
    const fr = await t.app.inject({ method: 'GET', url: '/changelog.xml' });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toContain('application/atom+xml');
    expect(fr.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">');
    expect(fr.body).toContain('<title>Cadran CMS 10.0.0</title>');
    expect(fr.body).toContain(`${t.config.publicUrl}/changelog#v10.0.0`);
    expect(fr.body).not.toContain('<script');
    const en = await t.app.inject({ method: 'GET', url: '/en/changelog.xml' });
    expect(en.body).toContain(`${t.config.publicUrl}/en/changelog#v10.0.0`);
    expect(en.body).toContain('Shipped in this release');
  });

  it('lists the changelog in the sitemap in both languages', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`${t.config.publicUrl}/changelog</loc>`);
    expect(sitemap.body).toContain(`${t.config.publicUrl}/en/changelog</loc>`);
  });

  it('gives the demo client a release its Pro licence includes, one a renewal unlocks, and one its Starter plan does not', async () => {
    const signIn = await login(t.app, { email: DEMO_CLIENT.email, password: DEMO_CLIENT.password });
    expect(signIn.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/downloads',
      headers: sessionCookie(signIn.json<{ token: string }>().token),
    });
    const access = Object.fromEntries(
      res
        .json<DownloadsResponse>()
        .releases.filter((release) => ['2.2.0', '2.3.0', '2.4.0'].includes(release.version))
        .map((release) => [
          release.version,
          Object.fromEntries(release.licences.map((licence) => [licence.plan, licence.access])),
        ]),
    );
    expect(access).toEqual({
      '2.4.0': { Pro: 'after_renewal', Starter: 'not_covered' },
      '2.3.0': { Pro: 'included', Starter: 'not_covered' },
      '2.2.0': { Pro: 'included', Starter: 'included' },
    });
  });
});

describe('the client area’s downloads', () => {
  it('lists what the account’s licences reach, with links for the included releases whose bytes match', async () => {
    const client = await buyer(t.app);
    await buyLicences(t.app, t.db, client, t.pro.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/downloads',
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<DownloadsResponse>();
    expect(body.preferences).toEqual({
      beta_opt_in: false,
      in_progress_mail: false,
      release_mail: true,
    });
    const release = body.releases.find((entry) => entry.version === '10.0.0');
    expect(release?.licences).toEqual([expect.objectContaining({ access: 'included' })]);
    const [artifact] = release?.artifacts ?? [];
    if (!artifact?.download_url) throw new Error('no link');
    const file = await download(t.app, artifact.download_url);
    expect(sha256(file.rawPayload)).toBe(artifact.sha256);
    // Beta releases only once asked for.
    expect(body.releases.map((entry) => entry.version)).not.toContain('10.1.0-beta.1');
  });

  it('shows nothing of another customer’s licences, and asks a visitor to sign in', async () => {
    const stranger = await buyer(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/downloads',
      headers: stranger.headers,
    });
    expect(res.json<DownloadsResponse>().releases).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/website/downloads' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('marks a release a plan without updates does not cover', async () => {
    const client = await buyer(t.app);
    const starter = await template(t.db, 'starter-annually');
    await buyLicences(t.app, t.db, client, starter.id);
    const staff = await signedInStaff(t.app, t.db);
    await publishedRelease(t.app, staff.headers, { version: '11.0.0' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/downloads',
      headers: client.headers,
    });
    const release = res.json<DownloadsResponse>().releases.find((r) => r.version === '11.0.0');
    expect(release?.licences.map((licence) => licence.access)).toEqual(['not_covered']);
    expect(release?.artifacts[0]?.download_url).toBeNull();
  });

  it('saves the release settings and refuses a malformed one, changing nothing', async () => {
    const client = await buyer(t.app);
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/website/release-preferences',
        headers: client.headers,
        payload: payload as object,
      });
    const bad = await put({ beta_opt_in: 'yes', in_progress_mail: true, release_mail: true });
    expect(bad.statusCode).toBe(400);
    const good = await put({ beta_opt_in: true, in_progress_mail: true, release_mail: false });
    expect(good.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/downloads',
      headers: client.headers,
    });
    expect(after.json<DownloadsResponse>().preferences).toEqual({
      beta_opt_in: true,
      in_progress_mail: true,
      release_mail: false,
    });
  });
});
