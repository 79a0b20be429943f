// ESLint (flat config): TypeScript's recommended rules everywhere, React's
// rules of hooks and Relay's rules (unused fields, colocated fragment spreads,
// typed hooks) for the components. Formatting is Prettier's (`npm run format`),
// so no stylistic rule is turned on here.
//
// The tiers (docs/architecture.md#tiers) are rules here, so a wrong import
// fails `npm run lint`: `shared/` imports no other tier; `src/` (the browser
// client) and `api/` (the content service) never import each other; `server/`
// reaches the client only through the renderer's entry; inside `api/`,
// `schema → sources → db`; no import cycle anywhere; and only `settings/`
// reads `process.env`.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Who may not import whom (`target` may not import `from`): docs/architecture.md#tiers. */
const TIERS = [
  {
    target: './shared',
    from: [
      './src',
      './api',
      './server',
      './settings',
      './harness',
      './bench',
      './e2e',
      './__tests__',
      './cms',
      './scripts',
    ],
    message: 'shared/ is the bottom tier: both sides run it.',
  },
  {
    target: './settings',
    from: ['./src', './api', './server'],
    message: 'settings/ reads the environment for the tiers above it.',
  },
  {
    target: './src',
    from: ['./api', './server'],
    message: 'The browser client talks to the content service over GraphQL only.',
  },
  {
    target: './src',
    from: './settings',
    except: ['./buildSettings.ts'],
    message: 'The browser client reads only its build-time settings.',
  },
  {
    target: './api',
    from: ['./src', './server'],
    message: 'The content service knows neither the browser client nor HTTP routes.',
  },
  {
    target: './server',
    from: './src',
    except: ['./ssr/renderPage.tsx'],
    message:
      'The server reaches the client only through the renderer entry (src/ssr/renderPage.tsx).',
  },
  {
    target: './api/db',
    from: [
      './api/schema',
      './api/sources',
      './api/changes',
      './api/caches',
      './api/publishing',
      './api/readerData',
      './api/images',
      './api/createContentApi.ts',
    ],
    message: 'Storage is the bottom of api/: schema → sources → db.',
  },
  {
    target: './api/sources',
    from: [
      './api/schema',
      './api/changes',
      './api/publishing',
      './api/readerData',
      './api/images',
      './api/createContentApi.ts',
    ],
    message: 'Sources sit under the schema and beside changes: schema → sources → db.',
  },
  {
    target: './api/changes',
    from: ['./api/schema', './api/publishing', './api/readerData', './api/createContentApi.ts'],
    message: 'Changes sit beside the schema, never under it.',
  },
  {
    target: './api/caches',
    from: ['./api/schema', './api/publishing', './api/readerData', './api/createContentApi.ts'],
    message: 'Caches sit beside the schema, never under it.',
  },
  {
    target: './api/readerData',
    from: ['./api/schema', './api/publishing', './api/createContentApi.ts'],
    message: "Readers' own data sits under the schema.",
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      '__generated__/',
      // The compiled interface text (npm run i18n).
      'src/i18n/__generated__/',
      'test-results/',
      'playwright-report/',
      'cms/strapi/build/',
      'cms/strapi/.strapi/',
      'cms/strapi/dist/',
      'cms/strapi/types/generated/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_` marks an argument a signature needs and the body does not.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['cms/strapi/**'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: TIERS }],
    },
  },
  {
    // The environment is read in one place (settings/); tools, tests and benchmarks set up their own.
    files: [
      'api/**/*.{ts,tsx}',
      'server/**/*.{ts,tsx}',
      'src/**/*.{ts,tsx}',
      'shared/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read the environment in settings/ (docs/operations.md#configuration), and pass the value in.',
        },
      ],
    },
  },
  {
    // Configuration and tools in CommonJS (webpack, Babel, jest).
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', '__tests__/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}', '__tests__/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, relay },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...relay.configs['ts-strict'].rules,
    },
  },
);
