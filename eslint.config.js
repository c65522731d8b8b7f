import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Dependencies point one way: apps -> shared -> nothing. The shop never imports admin code and
// vice versa; the domain imports nothing outside itself; only the admin's kiosk adapter touches window.kiosk.
const boundaries = [
  {
    target: './src/shared/domain',
    from: [
      './src/shared/data',
      './src/shared/i18n',
      './src/shop',
      './src/admin',
      './src/main',
      './src/preload',
      './src/backend',
    ],
    message: 'The domain is pure: it imports nothing outside itself.',
  },
  {
    target: './src/shared',
    from: ['./src/shop', './src/admin', './src/main', './src/preload', './src/backend'],
    message: 'Shared code never imports an app.',
  },
  {
    target: './src/shop',
    from: ['./src/admin', './src/main', './src/preload', './src/backend'],
    message: 'The shop only imports src/shared.',
  },
  {
    target: './src/admin',
    from: ['./src/shop', './src/main', './src/backend'],
    message: 'The admin only imports src/shared (and the preload types).',
  },
  {
    target: './src/main',
    from: ['./src/shop', './src/admin', './src/backend'],
    message: 'The kiosk main process only imports src/shared.',
  },
  {
    target: './src/preload',
    from: ['./src/shop', './src/admin', './src/backend', './src/main'],
    message: 'The preload only imports src/shared/ipc.',
  },
  {
    target: './src/backend',
    from: ['./src/shop', './src/admin', './src/main', './src/preload', './src/shared/data'],
    message: 'The backend only imports src/shared/domain.',
  },
];

// Admin features never import each other (bulletproof-react's rule): what two features share lives in
// src/admin/components, lib or i18n, and the app (routes, layout) composes features. One zone per folder of
// src/admin/features, read from disk, so a new feature is covered the day it is created.
const ADMIN_FEATURES = './src/admin/features';
const adminFeatures = readdirSync(new URL(ADMIN_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = [
  ...adminFeatures.map((feature) => ({
    target: `${ADMIN_FEATURES}/${feature}`,
    from: ADMIN_FEATURES,
    except: [`./${feature}`],
    message: `Admin feature "${feature}" imports no other feature: move what they share to src/admin/components, lib or i18n.`,
  })),
  {
    target: ['./src/admin/components', './src/admin/lib', './src/admin/i18n'],
    from: ADMIN_FEATURES,
    message: 'Shared admin code (components, lib, i18n) never imports a feature.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Sources import './x.js' for './x.ts(x)' (NodeNext style): without this alias no import resolves and
      // no-restricted-paths has nothing to check.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...featureBoundaries] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      // Type-only imports count: a cycle of types is a cycle of modules to a reader.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [
      '**/*.{js,mjs,cjs}',
      'scripts/**',
      'bench/**',
      'tests/**',
      'src/backend/**',
      'src/main/**',
      'supabase/functions/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The shop's plain scripts (src/shop/public/start.js): run by the
    // browser as they are.
    files: ['src/shop/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Playwright fixtures must destructure their dependencies, even when there are none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Tests poke at untyped wire formats (JSON bodies, frames); `any` is allowed there.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // src/shared/data is the apps' one door to the server: screens use its hooks (which take { queryConfig } /
    // { mutationConfig }), never react-query's data hooks or supabase-js themselves.
    files: ['src/shop/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}'],
    ignores: [
      // The kiosk's printer settings live on this machine, not on the server.
      'src/admin/lib/kiosk/kiosk-settings.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: [
                'useQuery',
                'useQueries',
                'useInfiniteQuery',
                'useSuspenseQuery',
                'useMutation',
                'useQueryClient',
              ],
              message:
                'Use or add a hook in src/shared/data/<resource>.ts (it takes { queryConfig } / { mutationConfig }).',
            },
            {
              name: '@supabase/supabase-js',
              message:
                'Reach the server through src/shared/data (auth calls and the Session type: src/shared/data/auth.ts).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='getSupabase']",
          message: 'Reach the server through a function of src/shared/data/<resource>.ts, not the client itself.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/admin/lib/kiosk/kiosk.ts', 'src/preload/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'kiosk', message: 'Use the kiosk adapter in src/admin/lib/kiosk/kiosk.ts.' },
      ],
    },
  },
);
