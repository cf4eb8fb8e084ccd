import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ExportsScreen } from './exports';

/** The exports screen: links to the server's downloads, and a period it would refuse said first. */
describe('accounting exports screen', () => {
  it('links the FEC, the OSS summary and the payments with the chosen period and quarter', async () => {
    renderRoutes([{ path: '/exports', Component: ExportsScreen }], '/exports');
    const journal = await screen.findByRole('region', { name: 'Journal des ventes' });
    const fec = within(journal).getByRole('link', { name: 'Télécharger le FEC' });
    expect(fec.getAttribute('href')).toMatch(
      /^\/api\/v1\/admin\/exports\/sales-journal\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&format=fec$/,
    );
    const oss = screen.getByRole('region', { name: 'Guichet unique (OSS)' });
    const quarter = within(oss).getByLabelText('Trimestre');
    const older = within(quarter).getAllByRole('option')[1]?.getAttribute('value') ?? '';
    await userEvent.selectOptions(quarter, older);
    expect(within(oss).getByRole('link', { name: 'Télécharger en CSV' }).getAttribute('href')).toBe(
      `/api/v1/admin/exports/oss?quarter=${older}&format=csv`,
    );
    expect(screen.getByRole('region', { name: 'Encaissements' })).toBeVisible();
  });

  it('says a period upside down and offers no download for it', async () => {
    renderRoutes([{ path: '/exports', Component: ExportsScreen }], '/exports');
    const journal = await screen.findByRole('region', { name: 'Journal des ventes' });
    const from = within(journal).getByLabelText('Du');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(within(journal).getByRole('alert')).toHaveTextContent(
      'La fin de la période précède son début',
    );
    expect(within(journal).queryByRole('link')).toBeNull();
  });
});
