import { z } from 'zod';
import {
  CLIENT_LOG_LEVELS,
  LOG_BATCH_MAX,
  LOG_CONTEXT_MAX_BYTES,
  LOG_MESSAGE_MAX,
  LOG_URL_MAX,
} from './log-limits';

export * from './log-limits';

/**
 * Client log entries (docs/product.md 'Logs from the browser'). The browser sends info, warning and
 * error; debug never leaves the browser. Caps keep a hostile client from filling the server log.
 */
const contextSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= LOG_CONTEXT_MAX_BYTES, {
    message: `context must be at most ${LOG_CONTEXT_MAX_BYTES} bytes of JSON`,
  });

export const LogEntrySchema = z.object({
  level: z.enum(CLIENT_LOG_LEVELS),
  message: z.string().trim().min(1).max(LOG_MESSAGE_MAX),
  context: contextSchema.optional(),
  url: z.string().max(LOG_URL_MAX).optional(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const LogBatchSchema = z.object({
  logs: z.array(LogEntrySchema).min(1).max(LOG_BATCH_MAX),
});
export type LogBatch = z.infer<typeof LogBatchSchema>;
