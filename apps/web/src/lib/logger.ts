import {
  LOG_BATCH_MAX,
  LOG_BODY_MAX_BYTES,
  LOG_CONTEXT_MAX_BYTES,
  LOG_MESSAGE_MAX,
  LOG_URL_MAX,
  type ClientLogLevel,
} from '@cadran/domain/log-limits';
import { logAddress } from '@cadran/domain/log-addresses';
import type { LogEntry } from '@cadran/domain/logs';
import { apiUrl } from './api-url';
import { documentLanguage } from './language';

/**
 * Client logging (docs/product.md 'Logs from the browser'): info, warning and error entries are
 * batched in memory and posted to the server; debug stays in the console. Logging must never hurt
 * the page, so every sending failure is swallowed and entries are cut to the server's caps (domain
 * logs.ts) before they leave, rather than being refused there.
 */

export const LOG_ENDPOINT = '/api/v1/website/logs';
export const LOG_BATCH_ENDPOINT = '/api/v1/website/logs/batch';
export const LOG_FLUSH_DELAY_MS = 2_000;
export const LOG_FLUSH_AT = 10;
/** Entries kept while nothing could be sent; the oldest go first. */
export const LOG_QUEUE_MAX = 100;
const SINGLE_BODY_MAX_BYTES = LOG_BODY_MAX_BYTES / 10;
const STACK_MAX = 2_000;

export type LogLevel = 'debug' | ClientLogLevel;
export type LogContext = Record<string, unknown>;
/** 'all' mirrors every entry to the console, 'debug' only debug entries, 'none' nothing. */
export type ConsoleEcho = 'all' | 'debug' | 'none';

export interface LoggerOptions {
  flushDelayMs?: number;
  flushAt?: number;
  echo?: ConsoleEcho;
  now?: () => Date;
  currentUrl?: () => string;
}

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warning(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  /** Sends what is queued now; resolves when done, never rejects. */
  flush(): Promise<void>;
  /** Sends what is queued while the page goes away (sendBeacon, then keepalive fetch). */
  flushOnExit(): void;
  pendingCount(): number;
}

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

/** Makes a context JSON-safe (errors, cycles, bigints) and no larger than the server accepts. */
export function sanitizeContext(context: LogContext | undefined): LogContext | undefined {
  if (context === undefined) return undefined;
  const seen = new WeakSet<object>();
  let json: string;
  try {
    json = JSON.stringify(context, (_key, value: unknown) => {
      if (value instanceof Error) {
        return {
          name: value.name,
          message: value.message,
          stack: value.stack?.slice(0, STACK_MAX),
        };
      }
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[Circular]';
        seen.add(value);
      }
      return value;
    });
  } catch {
    return { unserializable: true };
  }
  if (byteLength(json) <= LOG_CONTEXT_MAX_BYTES) return JSON.parse(json) as LogContext;
  // Too large: keep the beginning as text, shrinking until the escaped preview fits.
  let size = LOG_CONTEXT_MAX_BYTES;
  let truncated: LogContext = { truncated: true, preview: json.slice(0, size) };
  while (byteLength(JSON.stringify(truncated)) > LOG_CONTEXT_MAX_BYTES && size > 0) {
    size = Math.floor(size / 2);
    truncated = { truncated: true, preview: json.slice(0, size) };
  }
  return truncated;
}

export function buildEntry(
  level: ClientLogLevel,
  message: string,
  context: LogContext | undefined,
  now: Date,
  url: string,
): LogEntry {
  const text = String(message).trim().slice(0, LOG_MESSAGE_MAX).trimEnd();
  const entry: LogEntry = {
    level,
    message: text || '(empty message)',
    timestamp: now.toISOString(),
    // The page's query and fragment may hold a token: never sent (the server strips them too).
    url: logAddress(url).slice(0, LOG_URL_MAX),
  };
  const safeContext = sanitizeContext(context);
  if (safeContext !== undefined) entry.context = safeContext;
  return entry;
}

/** Splits entries into batch bodies the server accepts: at most 50 entries and 64 KiB each. */
export function chunkEntries(entries: readonly LogEntry[]): LogEntry[][] {
  const chunks: LogEntry[][] = [];
  let current: LogEntry[] = [];
  let currentBytes = byteLength('{"logs":[]}');
  for (const entry of entries) {
    const bytes = byteLength(JSON.stringify(entry)) + 1;
    if (
      current.length > 0 &&
      (current.length >= LOG_BATCH_MAX || currentBytes + bytes > LOG_BODY_MAX_BYTES)
    ) {
      chunks.push(current);
      current = [];
      currentBytes = byteLength('{"logs":[]}');
    }
    current.push(entry);
    currentBytes += bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

interface Request {
  path: string;
  body: unknown;
}

function requestsFor(entries: readonly LogEntry[]): Request[] {
  const [only] = entries;
  if (entries.length === 1 && only && byteLength(JSON.stringify(only)) <= SINGLE_BODY_MAX_BYTES) {
    return [{ path: LOG_ENDPOINT, body: only }];
  }
  return chunkEntries(entries).map((logs) => ({ path: LOG_BATCH_ENDPOINT, body: { logs } }));
}

/**
 * Posts entries with a plain fetch: the API client's error handling would bring the message
 * catalogues of both languages to every page that logs, and a failure here is dropped anyway.
 * JSON content type, as the server's CSRF check asks of every state-changing call.
 */
async function postLogs(path: string, body: unknown, keepalive: boolean): Promise<void> {
  try {
    await fetch(apiUrl(path), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': documentLanguage(),
        'Content-Type': 'application/json',
      },
      credentials: 'include',
      body: JSON.stringify(body),
      keepalive,
    });
  } catch {
    // Dropped: a log that cannot be sent must never become an error of the page that logged.
  }
}

const consoleMethods = { debug: 'debug', info: 'info', warning: 'warn', error: 'error' } as const;

const defaultUrl = (): string => (typeof window === 'undefined' ? '' : window.location.href);

export function createLogger(options: LoggerOptions = {}): Logger {
  const {
    flushDelayMs = LOG_FLUSH_DELAY_MS,
    flushAt = LOG_FLUSH_AT,
    echo = 'none',
    now = () => new Date(),
    currentUrl = defaultUrl,
  } = options;
  let queue: LogEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const takeQueue = (): LogEntry[] => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const taken = queue;
    queue = [];
    return taken;
  };

  const flush = async (): Promise<void> => {
    const entries = takeQueue();
    if (entries.length === 0) return;
    await Promise.all(
      requestsFor(entries).map((request) => postLogs(request.path, request.body, false)),
    );
  };

  const flushOnExit = (): void => {
    const entries = takeQueue();
    for (const request of requestsFor(entries)) {
      const json = JSON.stringify(request.body);
      let queued = false;
      try {
        queued = navigator.sendBeacon(
          apiUrl(request.path),
          new Blob([json], { type: 'application/json' }),
        );
      } catch {
        queued = false;
      }
      if (!queued) {
        void postLogs(request.path, request.body, true);
      }
    }
  };

  const record = (level: LogLevel, message: string, context?: LogContext): void => {
    if (echo === 'all' || (echo === 'debug' && level === 'debug')) {
      // The console is the developer's own view of the log.
      console[consoleMethods[level]](`[${level}] ${message}`, ...(context ? [context] : []));
    }
    if (level === 'debug') return;
    try {
      queue.push(buildEntry(level, message, context, now(), currentUrl()));
      if (queue.length > LOG_QUEUE_MAX) queue = queue.slice(-LOG_QUEUE_MAX);
      if (queue.length >= flushAt) void flush();
      else timer ??= setTimeout(() => void flush(), flushDelayMs);
    } catch {
      // A log call never throws into the code that made it.
    }
  };

  return {
    debug: (message, context) => record('debug', message, context),
    info: (message, context) => record('info', message, context),
    warning: (message, context) => record('warning', message, context),
    error: (message, context) => record('error', message, context),
    flush,
    flushOnExit,
    pendingCount: () => queue.length,
  };
}

function defaultEcho(): ConsoleEcho {
  if (import.meta.env.MODE === 'test') return 'none';
  return import.meta.env.DEV ? 'all' : 'debug';
}

export const logger: Logger = createLogger({ echo: defaultEcho() });

/** Sends what is left when the visitor leaves or hides the tab (mobile browsers skip pagehide). */
export function installLoggerLifecycle(target: Logger = logger): () => void {
  const onPageHide = () => target.flushOnExit();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') target.flushOnExit();
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Errors nobody caught still reach the server log. */
export function installGlobalErrorLogging(target: Logger = logger): () => void {
  const onError = (event: ErrorEvent) => {
    target.error(event.message || 'Uncaught error', {
      source: event.filename,
      line: event.lineno,
      column: event.colno,
      error: event.error as unknown,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    target.error('Unhandled promise rejection', { reason: event.reason as unknown });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
