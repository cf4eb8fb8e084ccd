/** A command line the admin CLI cannot run: printed with the usage, exit code 2. */
export class UsageError extends Error {}
