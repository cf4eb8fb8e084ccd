import { z } from 'zod';

/** A page of a staff list as a table shows it: its rows and how many match in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export const success = z.object({ success: z.literal(true) }).loose();
