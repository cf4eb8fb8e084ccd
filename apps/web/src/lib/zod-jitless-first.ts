import { disableZodJit } from './zod-jitless';

/*
 * Imported first by an application's entry: modules evaluated before the entry's own code may
 * already validate with zod (a stored session read at import), and zod would then probe eval,
 * which the strict CSP blocks and reports.
 */
disableZodJit();
