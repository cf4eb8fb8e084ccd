import type { Database } from './client';

/** The handle a `db.transaction(...)` callback receives: the same query builder, in one transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or an open transaction: helpers that must join the caller's transaction take this. */
export type Executor = Database | Transaction;
