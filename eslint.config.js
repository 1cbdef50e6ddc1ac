// Lint rules, including the import directions of docs/architecture.md:
// domain ← contract ← api-client ← player ← web / tv (the player's core needs no api-client, its
// React binding does); the server uses domain and contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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

// --- The server's zones ---
const serverForbids = [
  '@marquee/web',
  '@marquee/tv',
  '@marquee/api-client',
  '@marquee/player',
  '**/apps/web/**',
  '**/apps/tv/**',
];
const kyselyMessage =
  'Only repositories (*.repository.ts), db/, seed/ and cli/ touch Kysely (apps/server/src/modules/README.md).';
// Outside those: no kysely import (its row-shape types Selectable/Insertable/Updateable excepted: they
// run nothing) and no handle on the database (`Db`, `openDatabase`, `sql` helpers of db/database,
// `isPostgres` of db/dialect).
const kyselyPath = {
  name: 'kysely',
  allowImportNames: ['Selectable', 'Insertable', 'Updateable'],
  message: kyselyMessage,
};
const dbHandle = { regex: '(^|/)db/(database|dialect)$', message: kyselyMessage };
// A query is a call of one of the builder's entry points; outside the Kysely zone none may run.
const queryCall =
  'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction)$/]';
const noModules = {
  regex: '(^|/)modules/',
  message: 'plugins/, infra/ and db/ sit below the modules and never import one (docs/architecture.md).',
};
const modulesAt = (depth, file) => `apps/server/src/modules/${'*/'.repeat(depth)}${file}`;
// From a file `depth` folders inside modules/, a path climbing exactly `depth` folders lands in
// another module: it may name only that module's folder or its index.
const crossModule = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}[^./][^/]*/(?!index$)`,
  message: "A module reaches another only through its public index.ts (import '../<module>').",
});
/**
 * One zone of the server. kysely: true forbids kysely and db/'s database handle and queries;
 * 'roots' forbids kysely and queries but lets the file hold the `Db` it wires.
 */
const server = (files, { kysely = false, extra = [] } = {}) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: kysely ? [kyselyPath] : [],
        patterns: [
          { group: serverForbids, message: direction },
          ...(kysely === true ? [dbHandle] : []),
          ...extra,
        ],
      },
    ],
    'no-restricted-syntax': kysely ? ['error', { selector: queryCall, message: kyselyMessage }] : 'off',
  },
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
  {
    // No import cycles anywhere in our source (tests and scripts import it, nothing imports them).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The rules of hooks and the React Compiler's checks (the plugin's recommended set) for both apps.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/tv/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  { files: ['packages/domain/**'], rules: forbid(['@marquee/*', '**/apps/**']) },
  { files: ['packages/contract/**'], rules: forbid(['@marquee/!(domain)', '**/apps/**']) },
  // The player's React binding builds on the api-client's (its API client and session); never back.
  {
    files: ['packages/api-client/**'],
    rules: forbid(['@marquee/player', '@marquee/server', '@marquee/web', '@marquee/tv', '**/apps/**']),
  },
  {
    files: ['packages/player/**'],
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
  { files: ['apps/server/**'], rules: forbid(serverForbids) },
  // The realtime client's tests drive the shared client against the real gateway (nothing in src may).
  {
    files: ['apps/server/test/realtime/**'],
    rules: forbid(serverForbids.filter((p) => p !== '@marquee/api-client')),
  },
  // The server's inner zones (apps/server/src/modules/README.md). Flat config takes a rule's options
  // from the last object that matches a file, so each zone states all of its restrictions.
  server(['apps/server/src/**'], { kysely: true }),
  // Plugins, infra and the db layer sit below the modules: they never import one.
  server(['apps/server/src/plugins/**', 'apps/server/src/infra/**'], { kysely: true, extra: [noModules] }),
  server(['apps/server/src/db/**'], { extra: [noModules] }),
  // A module reaches another module only through its public index.ts (or the context); only its
  // repositories touch Kysely.
  ...[1, 2, 3].flatMap((depth) => [
    server([modulesAt(depth, '*.ts')], { kysely: true, extra: [crossModule(depth)] }),
    server([modulesAt(depth, '*.repository.ts')], { extra: [crossModule(depth)] }),
  ]),
  server(['apps/server/src/media/*.repository.ts', 'apps/server/src/seed/**', 'apps/server/src/cli/**']),
  // Composition roots open the database and hand it to repository factories: they may import `Db`
  // and db/'s openers, never kysely, and run no query themselves.
  server(['apps/server/src/*.ts', 'apps/server/src/media/ingest.ts', 'apps/server/src/media/demo-media.ts'], {
    kysely: 'roots',
  }),
  server([modulesAt(1, 'jobs.worker.ts'), modulesAt(1, '*.module.ts')], {
    kysely: 'roots',
    extra: [crossModule(1)],
  }),
);
