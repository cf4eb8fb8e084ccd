import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { berlinDelivery } from '@/test/order-fixtures';
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

  it('lists what the e-invoicing platform said of each document', async () => {
    await open();
    const statuses = screen.getByRole('list', {
      name: 'Statuts de la facture électronique FA-2026-00042',
    });
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Déposée'), expect.stringContaining('Reçue')]);
    expect(screen.getByText(/Plateforme demo, référence DEMO-FA-2026-00042/)).toBeVisible();
  });

  it('says in English which documents the platform has not had yet', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(
          200,
          staffOrderAnswer({
            credit_notes: [
              {
                id: '1c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e70',
                number: 'AV-2026-00007',
                issued_at: '2026-11-22T10:00:00.000Z',
                url: '/api/v1/admin/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81/credit-notes/AV-2026-00007',
                einvoice: [],
              },
            ],
          }),
        ),
      ),
    );
    await setLanguage('en');
    await open();
    expect(
      within(screen.getByRole('list', { name: 'E-invoice statuses of FA-2026-00042' })).getByText(
        'Deposited',
      ),
    ).toBeVisible();
    expect(screen.getByText('Not sent to an e-invoicing platform yet.')).toBeVisible();
  });

  it('reads the same in English, with the transfer staff recorded', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(
          200,
          staffOrderAnswer({
            payment_method: 'bank_transfer',
            vat_number_status: 'verified',
            transfer: {
              bank_reference: 'VIR 2026-118',
              note: null,
              paid_at: '2026-11-21',
              recorded_at: '2026-11-22T09:00:00.000Z',
            },
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

  it.each([
    ['fr', 'Facturation', 'Adresse de livraison', 'Allemagne', 'Reçu le', '22 nov. 2026'],
    ['en', 'Billing', 'Delivery address', 'Germany', 'Received on', '22 Nov 2026'],
  ] as const)(
    'writes each address in its country’s order, the delivery one too, and the day a transfer was recorded (%s)',
    async (language, region, deliveryLabel, germany, receivedLabel, recordedDay) => {
      fetchMock.mockImplementation(() =>
        Promise.resolve(
          json(
            200,
            staffOrderAnswer({
              payment_method: 'bank_transfer',
              billing_address: {
                company: 'Dumont Ltd',
                first_name: 'Lise',
                last_name: 'Dumont',
                address_line_1: '10 Downing Street',
                postal_code: 'SW1A 2AA',
                city: 'London',
                country: 'GB',
              },
              delivery_address: berlinDelivery(),
              // Recorded without a payment date: the day it was recorded, never a dash.
              transfer: {
                bank_reference: null,
                note: null,
                paid_at: null,
                recorded_at: '2026-11-22T09:00:00.000Z',
              },
            }),
          ),
        ),
      );
      await setLanguage(language);
      await open();
      const billing = screen.getByRole('region', { name: region });
      expect(billing).toHaveTextContent('10 Downing Street London SW1A 2AA');
      const delivery = within(billing).getByText(deliveryLabel).nextElementSibling;
      expect(delivery).toHaveTextContent(
        `Weber Uhren GmbH Jan Weber Unter den Linden 5 10117 Berlin ${germany}`,
      );
      const received = within(billing).getByText(receivedLabel).nextElementSibling;
      expect(received).toHaveTextContent(recordedDay);
      expect(received).not.toHaveTextContent('—');
    },
  );

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
