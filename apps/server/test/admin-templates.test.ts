import {
  StaffTemplateResponseSchema,
  StaffTemplatesResponseSchema,
} from '@cadran/domain/staff-templates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseTemplates } from '../src/db/schema/catalog';
import { item, orderBody, placeOrder, shopSuite } from './orders-helpers';
import { ADMIN_API, auditOf, expectStaffGuard, signedInStaff } from './staff-guard-helpers';

/**
 * Licence templates in the back office (docs/product.md 'Back office' ('Catalogue')): both
 * languages side by side, validated, and every change in the public catalogue at once.
 */

const t = shopSuite();

const NEW_TEMPLATE = {
  name_fr: 'Équipe',
  name_en: 'Team',
  description_fr: 'Pour les équipes',
  description_en: 'For teams',
  features_fr: ['Dix comptes', ''],
  features_en: ['Ten accounts'],
  price: 129_900,
  billing_cycle: 'annually',
  domain_limit: 5,
  installation_limit: 5,
};

async function send(method: 'POST' | 'PATCH', url: string, payload: object, lang = 'fr') {
  const admin = await signedInStaff(t.app, t.db);
  return t.app.inject({
    method,
    url: `${ADMIN_API}${url}`,
    headers: { ...admin.headers, 'accept-language': lang },
    payload,
  });
}

const publicCatalogue = async (lang: 'fr' | 'en') =>
  (await t.app.inject({ url: `/api/v1/website/templates?lang=${lang}` })).json<{
    templates: Array<{ id: number; name: string; price: string; features: string[] }>;
  }>().templates;

describe('staff templates', () => {
  it('creates a template, hidden until published, with an id the catalogue and orders use', async () => {
    const res = await send('POST', '/templates', NEW_TEMPLATE);
    expect(res.statusCode).toBe(201);
    const { template } = StaffTemplateResponseSchema.parse(res.json());
    expect(template).toMatchObject({
      name_fr: 'Équipe',
      features_fr: ['Dix comptes'],
      price: 129_900,
      renewal_price: 129_900,
      setup_fee: 0,
      published: false,
      featured: false,
      update_permissions: true,
    });
    expect((await publicCatalogue('fr')).some((row) => row.id === template.id)).toBe(false);
    const hidden = await placeOrder(t.app, t.alice, orderBody([item(template.id)]));
    expect(hidden.statusCode).toBe(422);

    const published = await send('PATCH', `/templates/${template.id}`, { published: true });
    expect(published.statusCode).toBe(200);
    const fr = (await publicCatalogue('fr')).find((row) => row.id === template.id);
    const en = (await publicCatalogue('en')).find((row) => row.id === template.id);
    expect(fr).toMatchObject({ name: 'Équipe', price: '1299.00', features: ['Dix comptes'] });
    expect(en).toMatchObject({ name: 'Team', features: ['Ten accounts'] });
    const sold = await placeOrder(t.app, t.alice, orderBody([item(template.id)]));
    expect(sold.statusCode).toBe(201);

    const audit = await auditOf(t.db, String(template.id));
    expect(audit.map((entry) => entry.action)).toEqual(['template.create', 'template.update']);
    expect(audit[1]?.before).toMatchObject({ published: false });
    expect(audit[1]?.after).toMatchObject({ published: true });
  });

  it('shows a price change in the public catalogue at once, in both languages', async () => {
    // The catalogue answer is now built and kept in memory.
    const before = (await publicCatalogue('fr')).find((row) => row.id === t.pro.id);
    expect(before?.price).toBe('490.00');
    const res = await send('PATCH', `/templates/${t.pro.id}`, {
      price: 55_000,
      name_en: 'Pro plus',
    });
    expect(res.statusCode).toBe(200);
    expect((await publicCatalogue('fr')).find((row) => row.id === t.pro.id)?.price).toBe('550.00');
    expect((await publicCatalogue('en')).find((row) => row.id === t.pro.id)).toMatchObject({
      price: '550.00',
      name: 'Pro plus',
    });
    const [row] = await t.db
      .select()
      .from(licenseTemplates)
      .where(eq(licenseTemplates.id, t.pro.id));
    expect(row).toMatchObject({ priceCents: 55_000, nameEn: 'Pro plus' });
  });

  it('lists every template, unpublished ones included, with French and English texts', async () => {
    const support = await signedInStaff(t.app, t.db, 'support');
    const res = await t.app.inject({ url: `${ADMIN_API}/templates`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    const { items, total } = StaffTemplatesResponseSchema.parse(res.json());
    const rows = await t.db.select().from(licenseTemplates);
    expect(total).toBe(rows.length);
    expect(items).toHaveLength(rows.length);
    expect(items.every((template) => typeof template.name_en === 'string')).toBe(true);
  });

  it('refuses invalid fields with messages in the reader’s language, changing nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...NEW_TEMPLATE, price: -1 }, 'price', 'Un montant ne peut pas être négatif'],
      [{ ...NEW_TEMPLATE, price: 10.5 }, 'price', 'Un nombre entier est attendu'],
      [{ ...NEW_TEMPLATE, domain_limit: 0 }, 'domain_limit', 'Au moins 1'],
      [
        { ...NEW_TEMPLATE, billing_cycle: 'weekly' },
        'billing_cycle',
        'Cycle de facturation inconnu',
      ],
      [{ ...NEW_TEMPLATE, name_fr: ' ' }, 'name_fr', 'Le nom en français est requis'],
    ];
    const count = (await t.db.select().from(licenseTemplates)).length;
    for (const [payload, field, message] of cases) {
      const res = await send('POST', '/templates', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { [field]: [message] } });
    }
    const en = await send('PATCH', `/templates/${t.pro.id}`, { installation_limit: 0 }, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ errors: { installation_limit: ['At least 1'] } });
    const empty = await send('PATCH', `/templates/${t.pro.id}`, {}, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { _: ['No change given'] } });
    expect((await t.db.select().from(licenseTemplates)).length).toBe(count);
  });

  it('answers 404 for an unknown template', async () => {
    const res = await send('PATCH', '/templates/999999', { price: 100 }, 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Licence template not found' });
  });

  it('keeps visitors, clients, support (on changes) and other sites out', async () => {
    const routes = [
      { method: 'GET' as const, url: `${ADMIN_API}/templates`, support: true },
      {
        method: 'POST' as const,
        url: `${ADMIN_API}/templates`,
        payload: NEW_TEMPLATE,
        support: false,
      },
      {
        method: 'PATCH' as const,
        url: `${ADMIN_API}/templates/${t.agence.id}`,
        payload: { price: 1 },
        support: false,
      },
    ];
    for (const route of routes) await expectStaffGuard(t.app, t.db, route);
    const [agence] = await t.db
      .select()
      .from(licenseTemplates)
      .where(eq(licenseTemplates.id, t.agence.id));
    expect(agence?.priceCents).not.toBe(1);
    expect(await auditOf(t.db, String(t.agence.id))).toEqual([]);
  });
});
