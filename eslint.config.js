// Lint rules, including the import directions of docs/architecture.md:
// domain ← contract ← api-client / player ← web / tv; the server uses domain and contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const direction = 'Breaks the import direction (docs/architecture.md).';
const forbid = (group, extra = []) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message: direction }, ...extra] }],
});
// Features never import each other (src/app composes them): files sit at features/<feature>/<kind>/,
// so a path that climbs exactly two folders lands in another feature.
const noCrossFeature = [
  {
    regex: '^\\.\\./\\.\\./(?!\\.\\./)',
    message: 'Features do not import each other; compose them in src/app.',
  },
];
const webForbids = ['@marquee/server', '@marquee/tv', '**/apps/tv/**', '**/apps/server/**'];
const tvForbids = ['@marquee/server', '@marquee/web', '**/apps/web/**', '**/apps/server/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['packages/domain/**'], rules: forbid(['@marquee/*', '**/apps/**']) },
  { files: ['packages/contract/**'], rules: forbid(['@marquee/!(domain)', '**/apps/**']) },
  {
    files: ['packages/api-client/**', 'packages/player/**'],
    rules: forbid(['@marquee/server', '@marquee/web', '@marquee/tv', '**/apps/**']),
  },
  { files: ['apps/web/**'], rules: forbid(webForbids) },
  { files: ['apps/web/src/features/*/*/**'], rules: forbid(webForbids, noCrossFeature) },
  { files: ['apps/tv/**'], rules: forbid(tvForbids) },
  { files: ['apps/tv/src/features/*/*/**'], rules: forbid(tvForbids, noCrossFeature) },
  {
    // The contract's zod schemas would ship zod to every browser: clients take only its types,
    // and shared constants live in @marquee/domain.
    files: ['apps/web/src/**', 'apps/tv/src/**', 'packages/api-client/src/**', 'packages/player/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@marquee/contract',
              allowTypeImports: true,
              message: 'Clients import only types from the contract (zod stays on the server).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    rules: forbid([
      '@marquee/web',
      '@marquee/tv',
      '@marquee/api-client',
      '@marquee/player',
      '**/apps/web/**',
      '**/apps/tv/**',
    ]),
  },
);
