import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, SDK_SRC, writeSchema } from '../../../../packages/sdk/scripts/generate';

const committedSchema = () => readFileSync(join(SDK_SRC, SCHEMA_FILE), 'utf8');

describe('@marquee/sdk types', () => {
  it('match a fresh generation from docs/openapi.json (run `npm run sdk` after `npm run openapi`)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-sdk-'));
    try {
      const file = await writeSchema(dir);
      expect(readFileSync(file, 'utf8')).toBe(committedSchema());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
