import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's import rules (eslint.config.js, apps/server/src/modules/README.md) run on small
// snippets at virtual paths: each wrong one is reported by the rule that guards it, a right one passes.
const root = resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('server import rules', () => {
  it('a plugin importing a module is reported', async () => {
    const code = "import { linkOrigin } from '../modules/recovery';\nexport const origin = linkOrigin;\n";
    expect(await ruleIds(code, 'apps/server/src/plugins/wrong.ts')).toEqual(['no-restricted-imports']);
  });

  it('infra and db importing a module are reported', async () => {
    const code = "import type { SitesService } from '../modules/sites';\nexport type S = SitesService;\n";
    expect(await ruleIds(code, 'apps/server/src/infra/wrong.ts')).toEqual(['no-restricted-imports']);
    expect(await ruleIds(code, 'apps/server/src/db/wrong.ts')).toEqual(['no-restricted-imports']);
  });

  it('a service importing kysely, or the database handle, is reported', async () => {
    const sql = "import { sql } from 'kysely';\nexport const now = sql`now()`;\n";
    expect(await ruleIds(sql, 'apps/server/src/modules/sites/wrong.service.ts')).toEqual([
      'no-restricted-imports',
    ]);
    const db = "import type { Db } from '../../db/database';\nexport type D = Db;\n";
    expect(await ruleIds(db, 'apps/server/src/modules/sites/wrong.service.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('a service running a query is reported', async () => {
    const code = "export const rows = (db: { selectFrom(t: string): unknown }) => db.selectFrom('sites');\n";
    expect(await ruleIds(code, 'apps/server/src/modules/sites/wrong.service.ts')).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('a module importing another module’s internal file is reported, at any depth', async () => {
    const code =
      "import type { SitesService } from '../sites/sites.service';\nexport type S = SitesService;\n";
    expect(await ruleIds(code, 'apps/server/src/modules/search/wrong.service.ts')).toEqual([
      'no-restricted-imports',
    ]);
    const deep =
      "import type { SitesService } from '../../sites/sites.service';\nexport type S = SitesService;\n";
    expect(await ruleIds(deep, 'apps/server/src/modules/commerce/offers/wrong.service.ts')).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('the same imports placed where they belong pass', async () => {
    const service = [
      "import type { Selectable } from 'kysely';",
      "import type { SitesTable } from '../../db/schema';",
      "import type { SitesService } from '../sites';",
      "import type { SitesService as Same } from '../sites/index';",
      "import type { Local } from './local.repository';",
      'export type S = [SitesService, Selectable<SitesTable>, Local, Same];',
      '',
    ].join('\n');
    expect(await ruleIds(service, 'apps/server/src/modules/search/right.service.ts')).toEqual([]);
    const inModule = "import type { Local } from '../gifts/gifts.repository';\nexport type L = Local;\n";
    expect(await ruleIds(inModule, 'apps/server/src/modules/commerce/offers/right.service.ts')).toEqual([]);
    const repository = [
      "import { sql } from 'kysely';",
      "import type { Db } from '../../db/database';",
      "export const count = (db: Db) => db.selectFrom('sites').select(sql<number>`count(*)`.as('n')).execute();",
      '',
    ].join('\n');
    expect(await ruleIds(repository, 'apps/server/src/modules/sites/right.repository.ts')).toEqual([]);
  });

  describe('import cycles', () => {
    let dir: string;
    beforeAll(() => {
      // no-cycle follows imports on disk, so the two files are real for the test's length.
      dir = mkdtempSync(join(root, 'apps/server/src/lint-cycle-'));
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      writeFileSync(join(dir, 'c.ts'), "import { d } from './d';\nexport const c = () => d();\n");
      writeFileSync(join(dir, 'd.ts'), 'export const d = () => 1;\n');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a two-file cycle is reported, a one-way import is not', async () => {
      const lint = async (file: string) => {
        const [result] = await eslint.lintFiles([relative(root, join(dir, file))]);
        return result!.messages.map((m) => m.ruleId);
      };
      expect(await lint('a.ts')).toEqual(['import-x/no-cycle']);
      expect(await lint('c.ts')).toEqual([]);
    });
  });
});

describe('client package direction', () => {
  it("the api-client importing the player is reported; the player's binding on the api-client's passes", async () => {
    const player = "import { createPlayer } from '@marquee/player';\nexport const p = createPlayer;\n";
    expect(await ruleIds(player, 'packages/api-client/src/wrong.ts')).toEqual(['no-restricted-imports']);
    const client = "import { useApi } from '@marquee/api-client/react';\nexport const u = useApi;\n";
    expect(await ruleIds(client, 'packages/player/src/react/right.ts')).toEqual([]);
  });
});
