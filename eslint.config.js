import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import historyWrites from './scripts/lint/history-writes.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.ci/', 'migrations/', 'coverage/', 'tests/e2e/.artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The Inertia adapter is a package of its own: node, fastify and itself only; the app registers its types by module
    // augmentation (server/web/inertia-types.ts).
    files: ['server/inertia/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'server/inertia imports nothing from the app.' }] }],
    },
  },
  {
    // The history records who changed what through the change context, which only a transaction hands the database
    // (server/db/client.ts). The seed plants the demo library outside any request, and no one is its author.
    files: ['server/**/*.ts'],
    ignores: ['server/db/seed/**'],
    plugins: { equip: historyWrites },
    rules: { 'equip/writes-in-transactions': 'error' },
  },
  {
    // The service worker is plain JavaScript the browser runs as it is, in a worker's scope.
    files: ['public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', Response: 'readonly' } },
  },
  {
    // React's rules apply to React code only; `useX` helpers in tests are vitest fixtures, not hooks.
    files: ['components/**/*.{ts,tsx}', 'pages/**/*.{ts,tsx}', 'tests/pages/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['components/**/*.{ts,tsx}', 'pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-bootstrap/Alert',
              message: 'Use components/lib/Notice: Alert brings a fade transition into every first page (issue 20 §2).',
            },
            {
              name: 'react-bootstrap/Card',
              message:
                "Write Bootstrap's card markup (`card`, `card-body`, `card-title`…): the component adds only class names, in chunks of its own (issue 20 §2).",
            },
            {
              name: 'react-bootstrap/Modal',
              message: 'Use components/lib/Dialog: it opens on the first field, cycles Tab inside and focuses the first invalid field (issue 36 §4).',
            },
            {
              name: 'react-bootstrap/Carousel',
              message: 'Use components/item/ItemImageCarousel: Carousel brings its transition code into the item page (issue 20 §2).',
            },
          ],
        },
      ],
    },
  },
);
