// `npm run lint`: ESLint's and typescript-eslint's recommended rules over every package, script,
// benchmark and browser test, plus the rules of hooks for the web app. Not type-aware: with type
// information the run takes minutes on a 2-core machine (TypeScript 6 parsing every project).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/', '**/dist-ssr/', '**/node_modules/', '**/.vite/', 'data/', 'test-results/', 'e2e/screenshots/', 'bench/results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a parameter or destructured field that is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Kysely's migrations take Kysely<any>: a migration must not depend on today's table types.
    files: ['packages/panel/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read parsed wire JSON loosely; the assertions are what check its shape.
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks only: the plugin's React Compiler rules (recommended since 7.0) would run the
    // compiler over every component, 70% of the lint's time, for an app that is not compiled with it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
