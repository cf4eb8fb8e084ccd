import pino from 'pino';
import type { Config } from './config';

/**
 * Server log: pino JSON lines on stdout (docs/architecture.md 'Errors and logs'). Secrets never
 * reach it: any field named like a credential (password, token, authorization, cookie...) in a
 * logged object or in the plain objects it holds, three levels deep, is replaced by '[redacted]'.
 *
 * Why not pino's `redact` option: its wildcard paths ('*.password') cost about 9 µs per line,
 * three times the rest of the line's work, on every request; this walk of the few keys a log
 * object has costs well under one. Class instances (a Fastify request, an Error) are not
 * walked: their serializers decide what is written.
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'password_confirmation',
  'currentPassword',
  'newPassword',
  'token',
  'authorization',
  'cookie',
  'set-cookie',
]);
const CENSOR = '[redacted]';
const REDACT_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** The object with its secrets censored; the same object when it holds none (no copy). */
export function redactSecrets(object: Record<string, unknown>, depth = 1): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    let replaced = value;
    if (SECRET_KEYS.has(key)) replaced = CENSOR;
    else if (depth < REDACT_DEPTH && isPlainObject(value))
      replaced = redactSecrets(value, depth + 1);
    if (replaced !== value) {
      copy ??= { ...object };
      copy[key] = replaced;
    }
  }
  return copy ?? object;
}

/** Request URLs are logged without their query: some carry short-lived tokens (realtime). */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : `${url.slice(0, queryAt)}?[redacted]`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

const serializers: pino.LoggerOptions['serializers'] = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: pathOnly(request.url),
    remoteAddress: request.ip,
    userAgent: request.headers?.['user-agent'],
  }),
};

let timeMs = Number.NaN;
let timeField = '';

/**
 * pino's `isoTime` field (`,"time":"2026-11-29T08:00:00.000Z"`), built once per millisecond:
 * every line of the same millisecond shares it. Formatting the date for each line was 3 % of
 * the CPU of a cached page under load, more than any other single step of its log line.
 */
export function isoTimeOncePerMillisecond(): string {
  const now = Date.now();
  if (now !== timeMs) {
    timeMs = now;
    timeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return timeField;
}

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: pino.DestinationStream,
): pino.Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    formatters: { log: (object) => redactSecrets(object) },
    serializers,
    base: { service: 'cadran-server' },
    timestamp: isoTimeOncePerMillisecond,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Beyond this many bytes waiting for stdout, new lines are dropped rather than kept in memory. */
export const LOG_BUFFER_MAX_BYTES = 64 * 1024 * 1024;
/** Lines are written together once this many bytes wait (about fifteen request lines)... */
export const LOG_WRITE_MIN_BYTES = 4096;
/** ...or at the latest this long after the last write, however few wait. */
export const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * The server's stdout as an asynchronous destination. Written synchronously, each request's
 * line cost a system call in the request's own time: a fifth to a third of the CPU of a cached
 * public answer (docs/quality.md 'Cached public answers'). Asynchronously, lines wait until
 * LOG_WRITE_MIN_BYTES of them are there or LOG_FLUSH_INTERVAL_MS has passed, then go out in one
 * write: under load, one system call per fifteen lines instead of one per line (the write of
 * each line alone was 4 % of a cached page's CPU). Whatever waits is written out
 * synchronously when the process exits, by `process.exit` included (pino registers that flush);
 * only a SIGKILL can lose the lines of the write under way. A reader of stdout that stops
 * reading makes lines wait; past LOG_BUFFER_MAX_BYTES they are dropped, not kept.
 */
export function asyncStdout(): pino.DestinationStream {
  return pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_WRITE_MIN_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
    maxLength: LOG_BUFFER_MAX_BYTES,
  });
}
