// ESLint (flat config): TypeScript's recommended rules everywhere, React's
// rules of hooks and Relay's rules (unused fields, colocated fragment spreads,
// typed hooks) for the components. Formatting is Prettier's (`npm run format`),
// so no stylistic rule is turned on here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      '__generated__/',
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
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
