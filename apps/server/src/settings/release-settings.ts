import { z } from 'zod';

/**
 * Where release artifacts are kept and how large one may be
 * (docs/decisions/040-release-artifact-storage.md). `files`: the data directory, for the demo
 * and a single process; `database`: PostgreSQL large objects, which every process on the same
 * database can serve. Without a setting, a server with DATABASE_URL uses the database (it may
 * be one of several processes) and the embedded database the data directory.
 */

export const ARTIFACT_MAX_MB_DEFAULT = 500;
export const ARTIFACT_MAX_MB_LIMIT = 4096;

export const ReleaseEnvSchema = z.object({
  ARTIFACT_STORE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['files', 'database']).optional(),
  ),
  ARTIFACT_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(ARTIFACT_MAX_MB_LIMIT)
    .default(ARTIFACT_MAX_MB_DEFAULT),
});

export interface ReleaseConfig {
  artifactStore: 'files' | 'database';
  /** Largest artifact accepted, in bytes. */
  artifactMaxBytes: number;
}

export const releaseSettings = (
  e: z.infer<typeof ReleaseEnvSchema>,
  hasDatabaseUrl: boolean,
): ReleaseConfig => ({
  artifactStore: e.ARTIFACT_STORE ?? (hasDatabaseUrl ? 'database' : 'files'),
  artifactMaxBytes: e.ARTIFACT_MAX_MB * 1024 * 1024,
});
