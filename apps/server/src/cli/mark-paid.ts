import { parseArgs } from 'node:util';
import { parseMoneyToCents } from '@cadran/domain/money';
import { ORDER_NUMBER_PATTERN } from '@cadran/domain/orders';
import { loadConfigFromProcess } from '../config';
import { installJobQueues } from '../jobs/install';
import { createLogger } from '../logger';
import { MAIL_JOB } from '../mail/job';
import { FulfilmentService } from '../modules/fulfilment/service';
import { EINVOICE_SEND_JOB } from '../modules/invoices/transmission/send-job';
import { PaymentsService } from '../modules/payments/service';
import { withCommandDatabase } from './database';
import { UsageError } from './usage-error';
import { countOf } from './words';

export const MARK_PAID_USAGE = `Usage: npm run admin -- mark-paid --order <CAD-YYYY-XXXXXXXX> [--amount <euros>] [--note <text>]

Records a bank transfer seen on the statement for that order: issues its licences and queues
the confirmation e-mail (the server's mail worker sends it). --amount is what arrived, the
order total by default; a different amount flags the order for review and issues nothing.`;

/**
 * `npm run admin -- mark-paid --order CAD-...` (docs/product.md 'Payment' ('Bank transfer')): the
 * same recording as the admin API's POST /orders/{id}/mark-paid, for an operator at a terminal.
 * Exit 0 when the licences were issued, 1 when the order was flagged or could not be marked paid.
 */
export async function markPaidCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      order: { type: 'string' },
      amount: { type: 'string' },
      note: { type: 'string' },
    },
    strict: true,
  });
  const orderNumber = values.order?.trim().toUpperCase();
  if (!orderNumber) throw new UsageError('--order is required');
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) {
    throw new UsageError(`--order must be an order number such as CAD-2026-7KQ4M2XD`);
  }
  let amountCents: number | undefined;
  if (values.amount !== undefined) {
    const cents = parseMoneyToCents(values.amount.replace(',', '.'));
    if (cents === null) throw new UsageError('--amount must be an amount in euros, e.g. 588.00');
    amountCents = cents;
  }

  const config = loadConfigFromProcess();
  return withCommandDatabase(config, async (database) => {
    // The confirmation and the e-invoice's send are queued here and run by a server's runner.
    await installJobQueues(database.db, [MAIL_JOB, EINVOICE_SEND_JOB]);
    const log = createLogger({ logLevel: 'silent' });
    const fulfilment = new FulfilmentService({
      db: database.db,
      payments: new PaymentsService({ db: database.db, config, log }),
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      seller: config.seller,
      log,
    });
    const result = await fulfilment.settleBankTransfer(
      { orderNumber },
      { amountCents, note: values.note, actor: 'cli' },
    );
    switch (result.kind) {
      case 'not_found':
        process.stderr.write(`No order ${orderNumber}.\n`);
        return 1;
      case 'not_transfer':
        process.stderr.write(
          `Order ${orderNumber} is paid by ${result.order.paymentMethod}, not by bank transfer: its provider records the payment.\n`,
        );
        return 1;
      case 'already_paid':
        process.stderr.write(`Order ${orderNumber} is already paid: nothing changed.\n`);
        return 1;
      case 'not_payable':
        process.stderr.write(
          `Order ${orderNumber} is ${result.order.status}: it cannot be paid.\n`,
        );
        return 1;
      case 'bad_paid_at':
        // The command gives no payment date: the day is today, which is always accepted.
        process.stderr.write(`Order ${orderNumber}: ${result.problem}.\n`);
        return 1;
      default:
        if (result.outcome === 'flagged') {
          process.stderr.write(
            `Order ${orderNumber} flagged for review: ${result.order.flaggedReason ?? 'amount differs'}. No licence issued.\n`,
          );
          return 1;
        }
        process.stdout.write(
          `Order ${orderNumber} marked paid: ${countOf(result.licensesIssued, 'licence', 'licences')} issued, confirmation email queued.\n`,
        );
        return 0;
    }
  });
}
