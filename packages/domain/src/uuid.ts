/** A UUID as PostgreSQL writes it (any version): ids of orders, payments and accounts. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value taken from a URL can name a row at all: anything else is a 404, never a query. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
