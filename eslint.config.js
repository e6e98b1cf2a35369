import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { ALLOWED_MODULE_IMPORTS } from './scripts/module-graph.mjs';

const WEB = 'apps/web/src';
const ADMIN = 'apps/admin/src';
const SERVER = 'apps/server/src';

// Layers made of a folder element or a single file at the top of src/ (file categories below).
const WEB_TOP = [{ element: { type: 'web-app' } }, { file: { categories: 'web-entry' } }];
const WEB_ANY = [{ element: { type: 'web-*' } }, { file: { categories: 'web-entry' } }];
const SERVER_BASE = [{ element: { type: 'server-base' } }, { file: { categories: 'server-config' } }];
const SERVER_TOP = [{ element: { type: 'server-root' } }, { file: { categories: 'server-entry' } }];
const SERVER_ANY = [{ element: { type: 'server-*' } }, { file: { categories: 'server-*' } }];

/**
 * Which folder may import which (docs/architecture.md). Web: shared code (`lib`, `components`,
 * `hooks`, `config`, `styles`) → features → `app`; a feature reaches another only through its
 * `index.ts`. Server: `lib`, `db`, `adapters`, `plugins`, `config.ts` → modules, each importing only
 * the modules ALLOWED_MODULE_IMPORTS lists (no cycles) → the composition root (`app.ts`,
 * `server.ts`, `order-kinds.ts`, `jobs/`, `demo/`, `cli/`). Imports within one folder are free.
 */
const boundariesConfig = {
  files: [`${WEB}/**/*.{ts,tsx}`, `${SERVER}/**/*.ts`],
  plugins: { boundaries },
  settings: {
    // Patterns below are paths from the repository root, wherever eslint is started from.
    'boundaries/root-path': import.meta.dirname,
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'boundaries/elements': [
      { type: 'web-app', pattern: `${WEB}/app`, partialMatch: false },
      { type: 'web-feature', pattern: `${WEB}/features/*`, capture: ['feature'], partialMatch: false },
      { type: 'web-shared', pattern: `${WEB}/(lib|components|hooks|config|styles)`, partialMatch: false },
      { type: 'server-module', pattern: `${SERVER}/modules/*`, capture: ['module'], partialMatch: false },
      { type: 'server-base', pattern: `${SERVER}/(lib|db|adapters|plugins)`, partialMatch: false },
      { type: 'server-root', pattern: `${SERVER}/(jobs|demo|cli)`, partialMatch: false },
    ],
    // Single files at the top of src/ (elements are folders).
    'boundaries/files': [
      { category: 'web-entry', pattern: `${WEB}/main.tsx` },
      { category: 'server-entry', pattern: `${SERVER}/(app|server|order-kinds).ts` },
      { category: 'server-config', pattern: `${SERVER}/config.ts` },
    ],
  },
  rules: {
    // Policies are read in order and the last one that matches decides; anything none allows fails.
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          { from: { element: { type: 'web-shared' } }, allow: { to: { element: { type: 'web-shared' } } } },
          { from: { element: { type: 'web-feature' } }, allow: { to: { element: { type: 'web-shared' } } } },
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: { element: { type: 'web-feature' } } },
            message: 'features/{{from.element.captured.feature}} may import features/{{to.element.captured.feature}} only through its index.ts (its public exports)',
          },
          {
            from: { element: { type: 'web-feature' } },
            allow: { to: { element: { type: 'web-feature', fileInternalPath: 'index.ts' } } },
          },
          { from: WEB_TOP, allow: { to: WEB_ANY } },
          { from: SERVER_BASE, allow: { to: SERVER_BASE } },
          { from: { element: { type: 'server-module' } }, allow: { to: SERVER_BASE } },
          {
            from: { element: { type: 'server-module' } },
            disallow: { to: { element: { type: 'server-module' } } },
            message: 'modules/{{from.element.captured.module}} may not import modules/{{to.element.captured.module}}: see ALLOWED_MODULE_IMPORTS in scripts/module-graph.mjs',
          },
          ...Object.entries(ALLOWED_MODULE_IMPORTS)
            .filter(([, allowed]) => allowed.length > 0)
            .map(([module, allowed]) => ({
              from: { element: { type: 'server-module', captured: { module } } },
              allow: { to: { element: { type: 'server-module', captured: { module: allowed } } } },
            })),
          { from: SERVER_TOP, allow: { to: SERVER_ANY } },
        ],
      },
    ],
  },
};

/**
 * The console (apps/admin) in the same shape as the web app: `lib` and `components` → features →
 * `app` and `main.tsx`; shared code never imports a feature, and a feature reaches another only
 * through its `index.ts`. Its own settings block, so the web app's elements stay as they are.
 */
const ADMIN_TOP = [{ element: { type: 'admin-app' } }, { file: { categories: 'admin-entry' } }];
const ADMIN_ANY = [{ element: { type: 'admin-*' } }, { file: { categories: 'admin-entry' } }];
const adminBoundariesConfig = {
  files: [`${ADMIN}/**/*.{ts,tsx}`],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'boundaries/elements': [
      { type: 'admin-app', pattern: `${ADMIN}/app`, partialMatch: false },
      { type: 'admin-feature', pattern: `${ADMIN}/features/*`, capture: ['feature'], partialMatch: false },
      { type: 'admin-shared', pattern: `${ADMIN}/(lib|components|hooks)`, partialMatch: false },
    ],
    'boundaries/files': [{ category: 'admin-entry', pattern: `${ADMIN}/main.tsx` }],
    // The console imports without extensions (`../lib/api`, `../features/courses`): resolve them.
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          { from: { element: { type: 'admin-shared' } }, allow: { to: { element: { type: 'admin-shared' } } } },
          { from: { element: { type: 'admin-feature' } }, allow: { to: { element: { type: 'admin-shared' } } } },
          {
            from: { element: { type: 'admin-feature' } },
            disallow: { to: { element: { type: 'admin-feature' } } },
            message: 'features/{{from.element.captured.feature}} may import features/{{to.element.captured.feature}} only through its index.ts (its public exports)',
          },
          {
            from: { element: { type: 'admin-feature' } },
            allow: { to: { element: { type: 'admin-feature', fileInternalPath: 'index.ts' } } },
          },
          { from: ADMIN_TOP, allow: { to: ADMIN_ANY } },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/data/**', 'e2e/artifacts/**', 'bench/results/**', 'apps/server/media-fallback/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  boundariesConfig,
  adminBoundariesConfig,
);
