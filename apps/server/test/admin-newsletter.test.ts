import { StaffNewsletterResponseSchema } from '@cadran/domain/staff-newsletter';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/db/schema/newsletter';
import { buildTestApp, suiteFixture } from './helper';
import { ADMIN_API, auditOf, expectStaffGuard, signedInStaff } from './staff-guard-helpers';

/** The newsletter in the back office (docs/product.md 'Back office' ('Newsletter')). */

const t = suiteFixture(async () => {
  const app = await buildTestApp();
  await app.db.insert(newsletterSubscribers).values([
    { email: 'lea@exemple.fr', status: 'confirmed', confirmedAt: new Date('2026-01-02T10:00:00Z') },
    {
      email: '=cmd|calc@exemple.fr',
      status: 'confirmed',
      locale: 'en',
      confirmedAt: new Date('2026-01-03T10:00:00Z'),
    },
    { email: 'attente@exemple.fr', status: 'pending' },
    { email: 'parti@exemple.fr', status: 'unsubscribed' },
  ]);
  return app;
});

async function adminGet(url: string) {
  const admin = await signedInStaff(t.app, t.db);
  return t.app.inject({ url: `${ADMIN_API}${url}`, headers: admin.headers });
}

describe('staff newsletter', () => {
  it('counts subscribers by status and lists them with filters', async () => {
    const res = await adminGet('/newsletter?status=confirmed&sort=email');
    expect(res.statusCode).toBe(200);
    const body = StaffNewsletterResponseSchema.parse(res.json());
    expect(body.counts).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1 });
    expect(body.items.map((row) => row.email)).toEqual(['=cmd|calc@exemple.fr', 'lea@exemple.fr']);
    expect(body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    const searched = StaffNewsletterResponseSchema.parse(
      (await adminGet('/newsletter?q=attente')).json(),
    );
    expect(searched.items.map((row) => row.status)).toEqual(['pending']);
    expect((await adminGet('/newsletter?sort=password')).statusCode).toBe(400);
  });

  it('exports confirmed subscribers only, as a spreadsheet opens it safely', async () => {
    const res = await adminGet('/newsletter/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-confirmed-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'email;language;confirmed_at;created_at',
      expect.stringMatching(/^lea@exemple\.fr;fr;2026-01-02T10:00:00\.000Z;/),
      expect.stringMatching(/^'=cmd\|calc@exemple\.fr;en;2026-01-03T10:00:00\.000Z;/),
    ]);
    expect(res.body).not.toContain('attente@');
    expect(res.body).not.toContain('parti@');
    const [entry] = await auditOf(t.db, 'confirmed');
    expect(entry).toMatchObject({ action: 'newsletter.export', after: { rows: 2 } });
  });

  it('is for administrators only', async () => {
    for (const url of ['/newsletter', '/newsletter/export.csv']) {
      await expectStaffGuard(t.app, t.db, {
        method: 'GET',
        url: `${ADMIN_API}${url}`,
        support: false,
      });
    }
  });
});
