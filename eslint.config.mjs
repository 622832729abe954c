// ESLint for every JavaScript file of the repository (scripts/test-all.sh runs it first, and a
// lint error fails the run): eslint:recommended, with the globals of where each file runs. The
// page and the examples' page run in browsers, the package in browsers and node, the tests,
// references and benchmarks in node (the browser tests' page.evaluate callbacks in the page).
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

export default [
  { ignores: ['build/**', 'node_modules/**', '**/node_modules/**'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // An unused argument documents a callback's shape, and a rest pattern's siblings are what
      // it leaves out; any other unused variable is a mistake.
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: ['web/page/**', 'examples/web/*.js'], languageOptions: { globals: globals.browser } },
  // The page's modules import one another without a cycle (a change is announced through
  // state.js's subscriptions, wired in app.js), and each stays short.
  {
    files: ['web/page/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': 'error',
      'max-lines': ['error', { max: 320, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ['web/package/**'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  { files: ['tests/**', 'bench/**', 'examples/web/*.mjs', 'eslint.config.mjs'], languageOptions: { globals: globals.node } },
  { files: ['tests/web/browser/**', 'bench/bench_browser.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
