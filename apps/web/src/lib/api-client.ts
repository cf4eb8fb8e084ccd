import type { z } from 'zod';
import type * as Messages from '@cadran/domain/messages';
import { HTTP_TIMEOUT_MS } from '@cadran/domain/constants';
import englishErrors from '../locales/en/api-errors.json';
import frenchErrors from '../locales/fr/api-errors.json';
import { apiUrl } from './api-url';
import { documentLanguage } from './language';

/**
 * The one API client (docs/product.md 'Errors and messages' ('The error shape')): cookies always
 * sent, JSON in and out, a 30 s time-out, an optional bearer token, and every failure turned into
 * an ApiRequestError so screens handle one error type. Server messages may be catalogue keys; they
 * are shown in the active language.
 */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid_response';

export interface ApiRequestErrorInit {
  kind: ApiErrorKind;
  status: number;
  message: string;
  serverMessage?: string | undefined;
  errors?: Record<string, string[]> | undefined;
  cause?: unknown;
}

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived (network failure, time-out, abort). */
  readonly status: number;
  /** The server's own message, when it sent one: screens show it before their fallback. */
  readonly serverMessage: string | undefined;
  /** Field errors of a 400 answer, keyed by field path, already translated. */
  readonly errors: Record<string, string[]>;

  constructor(init: ApiRequestErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.errors = init.errors ?? {};
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError;

let authToken: string | null = null;

/** The session cookie is always sent; a token from login is added as a bearer header. */
export function setAuthToken(token: string | null): void {
  authToken = token;
}

export const getAuthToken = (): string | null => authToken;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  schema?: z.ZodType<T>;
  /**
   * Reads the answer by hand instead of a schema (null when out of shape), for the pages that
   * ship no zod: the cart's quote (docs/quality.md).
   */
  read?: (payload: unknown) => T | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Lets a request outlive the page (logs sent while leaving). */
  keepalive?: boolean;
}

/**
 * Only the browser calls the API, in the language the document is shown in: the client reads
 * it and its own few texts (locales/<lang>/api-errors.json, kept apart from the common texts so
 * that a page's island does not load them all) without the i18n library, so a public page's island that
 * sends a form does not load it (docs/decisions/048-islands-on-public-pages.md).
 */
export function fallbackMessage(kind: ApiErrorKind): string {
  return (documentLanguage() === 'en' ? englishErrors : frenchErrors)[kind];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's message catalogues of both languages (the domain's, about 15 kB gzip) load with
 * the first refusal, not with the client: a page whose requests succeed never needs them
 * (docs/quality.md 'Islands, third pass').
 */
const loadMessages = () => import('@cadran/domain/messages');

function readFieldErrors(
  value: unknown,
  translateFieldErrors: typeof Messages.translateFieldErrors,
): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages))
      out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return translateFieldErrors(out, documentLanguage());
}

async function httpError(status: number, body: unknown): Promise<ApiRequestError> {
  const raw =
    isRecord(body) && typeof body.message === 'string' && body.message.trim()
      ? body.message
      : undefined;
  // Catalogues that cannot load (the network dropped meanwhile): the client's own words only.
  const messages = await loadMessages().catch(() => null);
  const serverMessage =
    raw === undefined || !messages ? undefined : messages.translateMessage(raw, documentLanguage());
  return new ApiRequestError({
    kind: 'http',
    status,
    message: serverMessage ?? fallbackMessage('http'),
    serverMessage,
    errors:
      isRecord(body) && messages
        ? readFieldErrors(body.errors, messages.translateFieldErrors)
        : undefined,
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, schema, read, signal, timeoutMs = HTTP_TIMEOUT_MS } = options;
  // The server answers its messages in the site's language, not the browser's.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': documentLanguage(),
    ...options.headers,
  };
  // State-changing calls always carry a JSON body: the server's CSRF check requires the JSON
  // content type, and an empty JSON body is refused, so a call without payload sends {}.
  const sendsBody = method !== 'GET';
  if (sendsBody) headers['Content-Type'] = 'application/json';
  if (authToken) headers.Authorization = `Bearer ${authToken}`;

  // One controller merges the caller's cancellation with our time-out, and remembers which fired.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  const failure = (error: unknown): ApiRequestError => {
    if (error instanceof ApiRequestError) return error;
    const kind: ApiErrorKind = timedOut ? 'timeout' : signal?.aborted ? 'aborted' : 'network';
    return new ApiRequestError({ kind, status: 0, message: fallbackMessage(kind), cause: error });
  };

  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path), {
        method,
        headers,
        credentials: 'include',
        body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
        signal: controller.signal,
        keepalive: options.keepalive ?? false,
      });
    } catch (error) {
      throw failure(error);
    }

    let payload: unknown;
    try {
      payload = await readBody(response);
    } catch (error) {
      if (timedOut || signal?.aborted) throw failure(error);
      if (!response.ok) throw await httpError(response.status, undefined);
      throw new ApiRequestError({
        kind: 'invalid_response',
        status: response.status,
        message: fallbackMessage('invalid_response'),
        cause: error,
      });
    }

    // An answer that says it failed (`success: false`) is a failure even with a 2xx status.
    if (!response.ok || (isRecord(payload) && payload.success === false)) {
      throw await httpError(response.status, payload);
    }
    const invalid = (cause?: unknown) =>
      new ApiRequestError({
        kind: 'invalid_response',
        status: response.status,
        message: fallbackMessage('invalid_response'),
        cause,
      });
    if (read) {
      const value = read(payload);
      if (value === null) throw invalid();
      return value;
    }
    if (!schema) return payload as T;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

type BodylessOptions<T> = Omit<ApiRequestOptions<T>, 'method' | 'body'>;

export const apiClient = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};
