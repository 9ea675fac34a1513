// `npm run lint`: ESLint's and typescript-eslint's recommended rules over every package, script,
// benchmark and browser test, plus the rules of hooks for the web app. Not type-aware: with type
// information the run takes minutes on a 2-core machine (TypeScript 6 parsing every project).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The first-screen renderer imports the web app's modules in Node, so a browser-only global read
// while a module loads throws there; inside a function or component it runs only in the browser.
// Browser-only: what browsers have and Node lacks (globals.node lists Node 22's experimental
// storage and navigator, which the renderer's Node does not give).
const nodeGlobals = new Set([...Object.keys(globals.node), ...Object.keys(globals.builtin)]);
const browserOnly = new Set([
  ...Object.keys(globals.browser).filter((name) => !nodeGlobals.has(name)),
  'localStorage',
  'sessionStorage',
  'navigator',
]);
// Code in a function waits for a call, and an instance field's initializer for an instance; a
// static field's runs as the class is defined.
const deferred = (scope) => scope.type === 'function' || (scope.type === 'class-field-initializer' && !scope.block.parent.static);

const noModuleScopeBrowserGlobals = {
  meta: {
    type: 'problem',
    docs: { description: 'keep browser-only globals out of code that runs while a module loads' },
    messages: { moduleScope: "'{{name}}' is read while the module loads, which the first-screen render in Node cannot do: read it inside a function" },
    schema: [],
  },
  create(context) {
    const atLoad = (scope) => {
      for (let s = scope; s; s = s.upper) if (deferred(s)) return false;
      return true;
    };
    // `typeof window` (a guard, or a type) reads nothing.
    const readsNothing = (node) => node.parent.type === 'TSTypeQuery' || (node.parent.type === 'UnaryExpression' && node.parent.operator === 'typeof');
    // `typeof window !== 'undefined'` is true in a browser only (=== in Node only); undefined when no such test.
    const inBrowserWhen = (test) => {
      if (test.type !== 'BinaryExpression' || !['===', '==', '!==', '!='].includes(test.operator)) return undefined;
      const [probe, other] = test.left.type === 'UnaryExpression' ? [test.left, test.right] : [test.right, test.left];
      const names = probe.type === 'UnaryExpression' && probe.operator === 'typeof' && probe.argument.type === 'Identifier' && browserOnly.has(probe.argument.name);
      if (!names || other.type !== 'Literal' || other.value !== 'undefined') return undefined;
      return test.operator.startsWith('!');
    };
    // Code that a test like that lets run in a browser only.
    const browserOnlyBranch = (node) => {
      for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
        if (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') {
          const when = inBrowserWhen(parent.test);
          if ((when === true && child === parent.consequent) || (when === false && child === parent.alternate)) return true;
        }
        if (parent.type === 'LogicalExpression' && child === parent.right && inBrowserWhen(parent.left) === (parent.operator === '&&')) return true;
      }
      return false;
    };
    return {
      'Program:exit'(program) {
        const globalScope = context.sourceCode.getScope(program);
        const references = [...globalScope.through];
        for (const variable of globalScope.variables) if (browserOnly.has(variable.name)) references.push(...variable.references);
        for (const ref of references) {
          const { name } = ref.identifier;
          if (!browserOnly.has(name) || (ref.isTypeReference && !ref.isValueReference) || readsNothing(ref.identifier)) continue;
          if (atLoad(ref.from) && !browserOnlyBranch(ref.identifier)) context.report({ node: ref.identifier, messageId: 'moduleScope', data: { name } });
        }
      },
    };
  },
};

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
    plugins: { 'react-hooks': reactHooks, outpost: { rules: { 'no-module-scope-browser-globals': noModuleScopeBrowserGlobals } } },
    // The rules of hooks only: the plugin's React Compiler rules (recommended since 7.0) would run the
    // compiler over every component, 70% of the lint's time, for an app that is not compiled with it.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'outpost/no-module-scope-browser-globals': 'error',
    },
  },
  {
    // The browser's entry and the jsdom tests never load in the first-screen render.
    files: ['packages/web/src/main.tsx', 'packages/web/src/test/**', 'packages/web/src/**/*.test.{ts,tsx}'],
    rules: { 'outpost/no-module-scope-browser-globals': 'off' },
  },
);
