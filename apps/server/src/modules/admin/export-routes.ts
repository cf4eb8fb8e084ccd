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
import { HttpError } from '../../http/http-error';
import { recordStaffAction } from '../../audit/staff-audit';
import { errorAnswers } from '../../http/route-schemas';
import { documentsIssuedBetween, documentsSettledBetween } from '../exports/documents';
import { fecFile, fecFileName, journalCsv, ossCsv, paymentsCsv } from '../exports/formats';
import { sendAuditedDownload } from './audited-download';
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
      const file =
        format === 'csv'
          ? { name: `journal-ventes-${from}-${to}.csv`, body: journalCsv(lines) }
          : {
              name: fecFileName(app.config.seller.siren, to),
              contentType: 'text/plain; charset=utf-8',
              body: fecFile(lines),
            };
      const audit = {
        action: 'export.sales_journal',
        target: { type: 'export', id: `sales-journal:${from}:${to}` },
        after: { format, lines: lines.length, debit_cents: totals.debitCents },
      } as const;
      return sendAuditedDownload(app.db, request, reply, audit, file);
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
      const audit = {
        action: 'export.oss',
        target: { type: 'export', id: `oss:${quarter.label}` },
        after: { format: request.query.format, ...summary.totals },
      } as const;
      if (request.query.format === 'csv') {
        const file = { name: `oss-${quarter.label}.csv`, body: ossCsv(summary) };
        return sendAuditedDownload(app.db, request, reply, audit, file);
      }
      await recordStaffAction(app.db, staffActor(request), audit);
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
      const audit = {
        action: 'export.payments',
        target: { type: 'export', id: `payments:${from}:${to}` },
        after: { format, days: rows.length },
      } as const;
      if (format === 'csv') {
        const file = { name: `paiements-${from}-${to}.csv`, body: paymentsCsv(rows) };
        return sendAuditedDownload(app.db, request, reply, audit, file);
      }
      await recordStaffAction(app.db, staffActor(request), audit);
      return paymentsAnswer({ from, to }, rows, CURRENCY);
    },
  );

  done();
};

export default exportRoutes;
