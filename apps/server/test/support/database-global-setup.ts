import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates } from './database-templates';

/**
 * Global setup of the server projects and the security suite: the migrated databases their test
 * apps start from (test/support/database-templates.ts), made once per run and removed after it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const target = project.config.env.TEST_DB_TARGET === 'postgres' ? 'postgres' : 'pglite';
  const { templates, drop } = await createDatabaseTemplates(target, process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return drop;
}
