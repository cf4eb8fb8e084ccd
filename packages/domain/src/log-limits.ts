/**
 * Caps of client log entries (docs/product.md 'Logs from the browser'), free of zod so the
 * browser's logger can import them without shipping the schema library on the first page. The
 * browser sends info, warning and error; debug never leaves the browser.
 */
export const CLIENT_LOG_LEVELS = ['info', 'warning', 'error'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

export const LOG_MESSAGE_MAX = 2000;
export const LOG_URL_MAX = 2048;
export const LOG_CONTEXT_MAX_BYTES = 8 * 1024;
export const LOG_BATCH_MAX = 50;
/** Largest accepted body of the batch endpoint; the single endpoint takes a tenth of it. */
export const LOG_BODY_MAX_BYTES = 64 * 1024;
