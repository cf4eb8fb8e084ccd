import {
  contextWithoutAddressSecrets,
  logAddress,
  withoutAddressSecrets,
} from '@cadran/domain/log-addresses';
import type { LogEntry } from '@cadran/domain/logs';
import type { FastifyBaseLogger } from 'fastify';

export interface ClientLogMeta {
  ip: string;
  userAgent: string | undefined;
}

const USER_AGENT_MAX = 512;

/**
 * Writes one browser log entry to the server log (docs/product.md 'Logs from the browser'). The
 * client's fields are nested under `client` so a hostile context can never overwrite pino's own
 * keys (level, time, msg, reqId); `warning` maps to pino's `warn`.
 */
export function writeClientLog(log: FastifyBaseLogger, entry: LogEntry, meta: ClientLogMeta): void {
  const record = {
    source: 'client',
    // Addresses lose their query and fragment: a reset or confirmation token must not be kept.
    client: {
      message: withoutAddressSecrets(entry.message),
      url: entry.url === undefined ? undefined : logAddress(entry.url),
      timestamp: entry.timestamp,
      context: contextWithoutAddressSecrets(entry.context),
    },
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, USER_AGENT_MAX),
  };
  const text = 'client log';
  switch (entry.level) {
    case 'error':
      log.error(record, text);
      break;
    case 'warning':
      log.warn(record, text);
      break;
    case 'info':
      log.info(record, text);
      break;
  }
}
