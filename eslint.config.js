// Lint rules, including the import directions of docs/architecture.md:
// domain ← contract ← api-client / player ← web / tv; the server uses domain and contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map((group) => ({
        group,
        message: 'Breaks the import direction (docs/architecture.md).',
      })),
    },
  ],
});

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
  {
    files: ['apps/web/**'],
    rules: forbid(['@marquee/server', '@marquee/tv', '**/apps/tv/**', '**/apps/server/**']),
  },
  {
    files: ['apps/tv/**'],
    rules: forbid(['@marquee/server', '@marquee/web', '**/apps/web/**', '**/apps/server/**']),
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
