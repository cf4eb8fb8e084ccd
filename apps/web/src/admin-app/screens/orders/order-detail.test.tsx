import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../../test-staff';
import { OrderDetailScreen } from './order-detail';
import { staffOrderAnswer } from './order-fixture';

const fetchMock = mockFetch(() => json(200, staffOrderAnswer()));

const open = async () => {
  await signInAs('support');
  renderRoutes(
    [{ path: '/orders/:id', Component: OrderDetailScreen }],
    '/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
  );
  await screen.findByRole('heading', { name: /CAD-2026-0042/ });
};

afterEach(async () => {
  await setLanguage('fr');
});

describe('the staff order page', () => {
  it('shows the VAT number and its check, the lines before VAT, of VAT and with VAT', async () => {
    await open();
    const billing = screen.getByRole('region', { name: 'Facturation' });
    expect(billing).toHaveTextContent('BE0403170701');
    expect(billing).toHaveTextContent('Format vérifié, en attente de VIES');
    expect(billing).toHaveTextContent('Belgique');
    expect(billing).toHaveTextContent('Merci de mentionner notre bon de commande');

    const lines = screen.getByRole('region', { name: 'Tableau des lignes' });
    const [header, line, total] = within(lines).getAllByRole('row');
    expect(header).toHaveTextContent(/HT.*TVA 21\s%.*TTC/);
    expect(line).toHaveTextContent('Annuel');
    expect(line).toHaveTextContent(/588,00.*123,48.*711,48/);
    expect(total).toHaveTextContent(/Total.*588,00.*123,48.*711,48/);
  });

  it('links the invoice to its PDF and names statuses in words', async () => {
    await open();
    const link = screen.getByRole('link', { name: /Facture FA-2026-00042/ });
    expect(link).toHaveAttribute(
      'href',
      '/api/v1/admin/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81/invoice',
    );
    const payments = screen.getByRole('region', { name: 'Paiements' });
    expect(payments).toHaveTextContent('Payé');
    expect(payments).not.toHaveTextContent('succeeded');
  });

  it('reads the same in English, with the transfer staff recorded', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(
          200,
          staffOrderAnswer({
            payment_method: 'bank_transfer',
            vat_number_status: 'verified',
            transfer: { bank_reference: 'VIR 2026-118', note: null, paid_at: '2026-11-21' },
          }),
        ),
      ),
    );
    await setLanguage('en');
    await open();
    const billing = screen.getByRole('region', { name: 'Billing' });
    expect(billing).toHaveTextContent('Confirmed by VIES');
    expect(billing).toHaveTextContent('Belgium');
    expect(billing).toHaveTextContent('VIR 2026-118');
    const lines = screen.getByRole('region', { name: 'Table of lines' });
    expect(within(lines).getAllByRole('row')[0]).toHaveTextContent(
      /Excl\. VAT.*VAT 21%.*Incl\. VAT/,
    );
  });

  it('lets an administrator reject the VAT number with a note', async () => {
    const user = userEvent.setup();
    await signInAs('admin');
    renderRoutes(
      [{ path: '/orders/:id', Component: OrderDetailScreen }],
      '/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    );
    const billing = await screen.findByRole('region', { name: 'Facturation' });
    expect(within(billing).getByRole('button', { name: 'Confirmer le numéro' })).toBeVisible();
    await user.click(within(billing).getByRole('button', { name: 'Refuser le numéro' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Sur quoi repose la décision'), 'Société radiée');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser le numéro' }));
    const posted = fetchMock.mock.calls.find(
      ([input, init]) => requestUrl(input).endsWith('/vat-number') && init?.method === 'POST',
    );
    expect(JSON.parse(requestBody(posted?.[1]))).toEqual({
      status: 'rejected',
      note: 'Société radiée',
    });
  });
});
