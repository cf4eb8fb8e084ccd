import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, shown on deliberate violations: each probe is the
// text of a real file of the repository with one import added, linted as that file. The
// boundaries are checked on the file an import resolves to, so the way it is written (relative
// or through the `@/` alias) changes nothing.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const boundaryRules = new Set(['import/no-restricted-paths', 'import/no-cycle']);
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId) });

/** The boundary errors of `source` linted as the file at `file` (relative to the root). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const probe = (specifier: string) =>
  `import * as imported from '${specifier}';\n\nexport const probe = imported;\n`;

describe('import boundaries', () => {
  it('refuses a feature importing another feature by a relative path', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/checkout/api/create-order.ts',
      probe('../../cart/store/cart-store'),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .* Features do not import each other/),
    ]);
  });

  it('refuses the same import through the alias', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/checkout/api/create-order.ts',
      probe('@/features/cart/store/cart-store'),
    );
    expect(errors).toEqual([expect.stringMatching(/Features do not import each other/)]);
  });

  it('lets a feature import its own files and shared code', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/checkout/api/create-order.ts',
      `${probe('../components/checkout-summary')}export * from '@/lib/quote/use-quote';\n`,
    );
    expect(errors).toEqual([]);
  });

  it('refuses shared components importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/components/ui/badge.tsx',
      probe('../../features/cart/store/cart-store'),
    );
    expect(errors).toEqual([expect.stringMatching(/Shared code \(components, lib\) never/)]);
  });

  it('refuses the client area and the back office importing each other', async () => {
    const fromClient = await boundaryErrors(
      'apps/web/src/client-app/screens/dashboard-screen.tsx',
      probe('../../admin-app/table/data-table'),
    );
    const fromAdmin = await boundaryErrors(
      'apps/web/src/admin-app/table/data-table.tsx',
      probe('@/client-app/screens/dashboard-screen'),
    );
    expect(fromClient).toEqual([expect.stringMatching(/separate applications/)]);
    expect(fromAdmin).toEqual([expect.stringMatching(/separate applications/)]);
  });

  it('refuses the public site importing the back office', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/cn.ts',
      probe('../admin-app/table/data-table'),
    );
    expect(errors).toEqual([expect.stringMatching(/never imports the client area or the back/)]);
  });

  it('refuses the web app importing the server', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/cn.ts',
      probe('../../../server/src/modules/payments/provider'),
    );
    expect(errors).toEqual([expect.stringMatching(/never imports the server/)]);
  });

  it('refuses a server folder importing one above it', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/orders/repository.ts',
      probe('../payments/provider'),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .* modules\/orders may import only /),
    ]);
  });

  it('refuses the domain importing an application', async () => {
    const errors = await boundaryErrors(
      'packages/domain/src/money.ts',
      probe('../../../apps/server/src/paths'),
    );
    expect(errors).toEqual([expect.stringMatching(/domain package is pure/)]);
  });

  it('refuses an import cycle', async () => {
    // roadmap-model.ts imports the statuses: the statuses importing the model closes a circle.
    const errors = await boundaryErrors(
      'packages/domain/src/roadmap-status.ts',
      probe('./roadmap-model'),
    );
    expect(errors).toEqual([expect.stringMatching(/^import\/no-cycle:/)]);
  });
});
