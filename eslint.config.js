import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Feature boundaries (docs/decisions/0009-feature-boundaries.md): from outside a feature's folder, only
 * its public entry, index.ts, may be imported. A feature is each folder of apps/server/src but the
 * shared layers db, http and platform, and each folder of apps/web/src/features; the zones are made
 * from the folders on disk, so a new feature is covered without editing this file.
 */
const SHARED_SERVER_LAYERS = ['db', 'http', 'platform'];
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const featureZones = [
  {
    features: 'apps/server/src',
    shared: SHARED_SERVER_LAYERS,
    outside: (name) => ['apps/server/src/*.*', `apps/server/src/!(${name})/**`],
  },
  {
    features: 'apps/web/src/features',
    shared: [],
    outside: (name) => ['apps/web/src/*.*', 'apps/web/src/!(features)/**', `apps/web/src/features/!(${name})/**`],
  },
].flatMap(({ features, shared, outside }) =>
  foldersIn(features)
    .filter((name) => !shared.includes(name))
    .map((name) => ({
      // Every file of the app outside the feature's folder: the app's own files (app.ts, main.tsx, ...),
      // the shared layers, the web app's routes, and every other feature.
      target: outside(name),
      from: `${features}/${name}`,
      except: ['./index.ts'],
      message: `Import the ${name} feature through its public entry, ${features}/${name}/index.ts.`,
    })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'data/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without it import-x reads only .js files, and no-cycle never follows an import into a .ts file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/core', 'apps/server', 'apps/web', 'e2e', 'bench'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // Tests may reach into what they test.
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.ts', '**/test-factories.ts', 'apps/server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    // The two classic hook rules; the React Compiler's rules (refs in render, setState in effects) judge
    // code for a compiler this app does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
