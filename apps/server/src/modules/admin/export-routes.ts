import {
  OssQuerySchema,
  parseQuarter,
  PaymentsQuerySchema,
  SalesJournalQuerySchema,
} from '@cadran/domain/accounting-period';
import {
  ossAnswer,
  OssResponseSchema,
  paymentsAnswer,
  PaymentsResponseSchema,
} from '@cadran/domain/accounting-exports';
import { CURRENCY } from '@cadran/domain/constants';
import { ossSummary } from '@cadran/domain/oss-summary';
import { paymentsSummary } from '@cadran/domain/payments-summary';
import { journalTotals, salesJournal } from '@cadran/domain/sales-journal';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { recordStaffAction } from '../../audit/staff-audit';
import { sendCsv, sendDownload } from '../../http/csv';
import { HttpError } from '../../http/http-error';
import { errorAnswers } from '../../http/route-schemas';
import { documentsIssuedBetween, documentsSettledBetween } from '../exports/documents';
import { fecFile, fecFileName, journalCsv, ossCsv, paymentsCsv } from '../exports/formats';
import { staffActor } from './staff-actor';

const errors = errorAnswers(400, 401, 403);

/**
 * The accountant's exports (docs/product.md 'Back office' ('Accounting exports')),
 * administrators only (the back office's guard refuses support staff: the route does not open
 * itself to them). Each export hands out the period's sales, so it is written to the audit
 * trail with what it covered and its totals. Mounted under /api/v1/admin.
 */
const exportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/exports/sales-journal',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sales journal of a period: FEC (18 columns, tab-separated) or CSV',
        querystring: SalesJournalQuerySchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const lines = salesJournal(
        await documentsIssuedBetween(app.db, from, to),
        app.config.journalAccounts,
      );
      const totals = journalTotals(lines);
      // Every entry balances by construction; a journal that does not must never leave.
      if (totals.debitCents !== totals.creditCents) throw new Error('unbalanced sales journal');
      await recordStaffAction(app.db, staffActor(request), {
        action: 'export.sales_journal',
        target: { type: 'export', id: `sales-journal:${from}:${to}` },
        after: { format, lines: lines.length, debit_cents: totals.debitCents },
      });
      if (format === 'csv')
        return sendCsv(reply, `journal-ventes-${from}-${to}.csv`, journalCsv(lines));
      const name = fecFileName(app.config.seller.siren, to);
      return sendDownload(reply, name, 'text/plain; charset=utf-8', fecFile(lines));
    },
  );

  app.get(
    '/exports/oss',
    {
      schema: {
        tags: ['admin'],
        summary: 'One-Stop-Shop summary of a quarter (JSON, or CSV with format=csv)',
        querystring: OssQuerySchema,
        response: { 200: OssResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const quarter = parseQuarter(request.query.quarter);
      if (!quarter) throw new HttpError(400, 'exports.quarter.invalid');
      const summary = ossSummary(await documentsIssuedBetween(app.db, quarter.from, quarter.to));
      await recordStaffAction(app.db, staffActor(request), {
        action: 'export.oss',
        target: { type: 'export', id: `oss:${quarter.label}` },
        after: { format: request.query.format, ...summary.totals },
      });
      if (request.query.format === 'csv') {
        return sendCsv(reply, `oss-${quarter.label}.csv`, ossCsv(summary));
      }
      return ossAnswer(quarter, summary, CURRENCY);
    },
  );

  app.get(
    '/exports/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Money received per method and day (JSON, or CSV with format=csv)',
        querystring: PaymentsQuerySchema,
        response: { 200: PaymentsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const rows = paymentsSummary(await documentsSettledBetween(app.db, from, to));
      await recordStaffAction(app.db, staffActor(request), {
        action: 'export.payments',
        target: { type: 'export', id: `payments:${from}:${to}` },
        after: { format, days: rows.length },
      });
      if (format === 'csv') return sendCsv(reply, `paiements-${from}-${to}.csv`, paymentsCsv(rows));
      return paymentsAnswer({ from, to }, rows, CURRENCY);
    },
  );

  done();
};

export default exportRoutes;
