import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const browserApis = ['webextension-polyfill', 'preact', 'preact/*', '@preact/*', 'shiki', 'shiki/*'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results/', '.equivalence/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        URL: 'readonly',
        __TARGET__: 'readonly',
        __OPEN_WORKSPACE_ON_INSTALL__: 'readonly',
      },
    },
    rules: {
      // TypeScript already checks names; this rule cannot see DOM or Node globals.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the platform module imports the polyfill. (Listed before the stricter
    // per-folder blocks below, which replace this rule where they apply.)
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/platform/**', 'tests/**', 'scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'webextension-polyfill', message: 'Import the browser API from src/platform/browser.ts.' }] },
      ],
    },
  },
  {
    // The core is pure: it runs unchanged in pages, the worker, Node tests and the CLI.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/core is pure: no Node built-ins.' },
            { group: browserApis, message: 'src/core is pure: no browser, extension, UI or highlighting libraries.' },
            { group: ['**/platform/**', '**/ui/**'], message: 'src/core may not depend on platform or UI code.' },
          ],
          paths: ['fs', 'path', 'http', 'https', 'child_process', 'os', 'url', 'buffer', 'process'].map((name) => ({
            name,
            message: 'src/core is pure: no Node built-ins.',
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee[property.name=/^(flat|flatMap)$/]',
          message: "Use flatMap from src/core/arrays.ts: V8's own flat and flatMap cost about 5 µs a call.",
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'chrome', 'browser', 'localStorage', 'process', 'Buffer', 'require'].map(
          (name) => ({ name, message: `src/core is pure: "${name}" is not available everywhere it runs.` }),
        ),
      ],
    },
  },
  {
    // UI code gets browser services injected; only src/platform touches the extension API.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['webextension-polyfill'], message: 'UI gets browser APIs through services, not the polyfill.' },
            { group: ['**/platform/**'], message: 'UI gets platform services injected through ServicesContext.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'chrome', message: 'UI gets browser APIs through services.' },
        { name: 'browser', message: 'UI gets browser APIs through services.' },
      ],
    },
  },
);
