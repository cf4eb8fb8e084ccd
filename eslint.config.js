// Flat ESLint config for the whole monorepo: typed rules everywhere, React rules in the web app,
// and import boundaries checked on the files imports resolve to (web never imports server,
// features never import each other, shared code never imports a feature, the client area and
// the back office never import each other, server folders depend on each other one way), with
// no import cycle in any package. eslint/boundaries.test.ts shows a violation failing.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { serverBoundaryZones } from './eslint/server-boundaries.js';
import { domainBoundaryZones, webBoundaryZones } from './eslint/web-boundaries.js';

// Every package's tsconfig, so the resolver follows the web app's `@/` paths and the
// workspaces' `@cadran/domain/*` to the files themselves.
const tsconfigs = [
  'packages/domain/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
  'scripts/bench/tsconfig.json',
  'scripts/reliability/tsconfig.json',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The root test-runner config belongs to no package's tsconfig.
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@cadran/web*'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Boundaries on resolved files: the server's folders one way only (eslint/server-boundaries.js),
    // the web app's layers and applications, the pure domain (eslint/web-boundaries.js); and no
    // file imports itself back through others, in any package.
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // The server's e-mail templates are .tsx (docs/decisions/026-email-templates.md).
      'import/resolver': {
        typescript: { project: tsconfigs, noWarnOnMultipleProjects: true },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
      // Imported files are read with the TypeScript parser too, so cycles through them are seen.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [...serverBoundaryZones(), ...webBoundaryZones(), ...domainBoundaryZones()],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '@cadran/*'],
              message: 'The domain package is pure: no I/O, no app imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Plain JavaScript helper scripts carry no types to check against.
  { files: ['**/*.mjs', 'eslint/**/*.js'], ...tseslint.configs.disableTypeChecked },
);
