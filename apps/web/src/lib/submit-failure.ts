import { isApiRequestError } from './api-client';
import { logger } from './logger';

/** A refused or failed submission, as a form shows it. */
export interface SubmitFailure {
  ok: false;
  message: string;
  /** Field errors of the answer, keyed by field path, already translated. */
  errors: Record<string, string[]>;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
}

export type SubmitResult = { ok: true } | SubmitFailure;

/**
 * The server's message when it sent one, else the screen's own fallback
 * (docs/product.md 'Errors and messages'). With `logAs`, a failure that never got an HTTP answer
 * (network, time-out, unreadable answer) is logged under that action's name: the server has no
 * trace of it otherwise.
 */
export function submitFailure(error: unknown, fallback: string, logAs?: string): SubmitFailure {
  const api = isApiRequestError(error) ? error : undefined;
  if (logAs && (!api || api.kind !== 'http')) {
    logger.warning(`${logAs} failed`, {
      kind: api?.kind ?? 'unknown',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  return {
    ok: false,
    message: api?.serverMessage ?? fallback,
    errors: api?.errors ?? {},
    status: api?.status ?? 0,
  };
}
