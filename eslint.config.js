// Flat ESLint config for the whole monorepo: typed rules everywhere, React rules in the web app,
// and import boundaries (web never imports server, features never import each other, server
// folders depend on each other one way).
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { serverBoundaryZones } from './eslint/server-boundaries.js';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];

// The back office is its own application (docs/decisions/031-back-office-application.md): the
// public site's code never imports it, so its pages never load it.
const adminAppImports = {
  group: ['**/admin-app/*', '**/admin-app/**', '@/admin-app*'],
  message: 'The public site never imports the back office.',
};
const serverImports = {
  group: ['**/apps/server/**', '@cadran/server*'],
  message: 'The web app never imports the server.',
};

// A feature may import shared code (components, lib) but not another feature's internals.
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features
              .filter((other) => other !== feature)
              .flatMap((other) => [`**/features/${other}/*`, `**/features/${other}/**`]),
            message:
              'Features do not import each other: lift shared code to src/components or src/lib.',
          },
          { group: ['**/app/*', '**/app/**'], message: 'Features never import the app layer.' },
          adminAppImports,
        ],
      },
    ],
  },
}));

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverImports],
        },
      ],
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
    // The server's folders depend on each other one way only (eslint/server-boundaries.js),
    // and no file imports itself back through others.
    files: ['apps/server/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // The server's imports are relative and extension-less: the node resolver finds them
      // (.tsx: the e-mail templates, docs/decisions/026-email-templates.md).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Imported files are read with the TypeScript parser too, so cycles through them are seen.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverBoundaryZones() }],
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
  ...featureBoundaries,
  {
    files: ['apps/web/src/{app,components,lib}/**/*.{ts,tsx}', 'apps/web/src/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverImports, adminAppImports] }],
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
