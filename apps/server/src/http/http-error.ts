/**
 * An error a route or plugin throws on purpose. The central error handler turns it into the
 * API error body `{ success:false, message, errors? }` in the reader's language: `message` is
 * a message key (packages/domain/messages or http/messages) and `params` fill its placeholders.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly params: Record<string, string | number>;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;
  /** A stable machine-readable reason, for APIs that programs call (the licence API). */
  readonly code: string | undefined;

  constructor(
    statusCode: number,
    messageKey: string,
    options: {
      params?: Record<string, string | number>;
      fieldErrors?: Record<string, string[]>;
      headers?: Record<string, string>;
      code?: string;
    } = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers ?? {};
    this.code = options.code;
  }
}
