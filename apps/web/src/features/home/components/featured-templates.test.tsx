import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { licenseTemplate } from '@/test/catalog-fixtures';
import { expectTexts } from '@/test/expect-texts';
import { json, mockFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { FeaturedTemplates } from './featured-templates';

const FEATURED = [
  licenseTemplate({ id: 5, name: 'Pro', sort_order: 20 }),
  licenseTemplate({
    id: 7,
    name: 'Entreprise',
    price: '2990.00',
    setup_fee: '490.00',
    renewal_price: '2690.00',
    sort_order: 40,
  }),
  licenseTemplate({ id: 8, name: 'Archive', billing_cycle: 'one_time', sort_order: 50 }),
  licenseTemplate({ id: 9, name: 'Quatrième', sort_order: 60 }),
];

const fetchMock = mockFetch(() => json(200, { success: true, templates: FEATURED }));

beforeEach(async () => {
  await loadNamespaces(['home']);
});

const card = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('featured licences on the home page', () => {
  it('shows up to three, each price excluding VAT per period, with its renewal', async () => {
    renderRoutes([{ path: '/', element: <FeaturedTemplates /> }]);
    const section = await screen.findByRole('region', { name: 'Les licences les plus choisies' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/website/templates/featured');
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expectTexts(card('Pro'), [
      '490,00 €',
      'HT par an',
      'Sans frais de mise en service',
      'Renouvellement : 490,00 € HT par an',
    ]);
    expectTexts(card('Entreprise'), [
      '2 990,00 €',
      '+ 490,00 € HT de frais de mise en service, facturés une fois',
      'Renouvellement : 2 690,00 € HT par an',
    ]);
    expectTexts(card('Archive'), [
      'HT, paiement unique',
      'Licence perpétuelle, sans renouvellement',
    ]);
  });
});
