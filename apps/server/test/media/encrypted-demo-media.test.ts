import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAssets, type DemoAssetSpec } from '../../src/media/demo-media';
import { assetDir } from '../../src/media/ingest';
import { createHarness, type Harness } from '../harness';
import { seedSite } from './fixtures';

// Paid demo videos are encrypted (decision 0024); encryption is part of the media cache key.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedSite(h, 'demo');
});
afterAll(() => h.close());

const clear: DemoAssetSpec = { key: 'clear', title: 'Premium', seconds: 2, height: 360 };
const paid: DemoAssetSpec = { ...clear, key: 'paid', encrypted: true };
const keyRow = (assetId: string) =>
  h.db.selectFrom('media_asset_keys').selectAll().where('asset_id', '=', assetId).executeTakeFirst();

describe('encrypted demo media', () => {
  it('encrypts a spec marked encrypted, as a different cached asset than the same spec in the clear', async () => {
    const ids = await ensureDemoAssets(h, 'demo', [clear, paid]);
    const clearId = ids.get('clear')!;
    const paidId = ids.get('paid')!;
    expect(paidId).not.toBe(clearId);
    expect(await keyRow(clearId)).toBeUndefined();
    expect(await keyRow(paidId)).toBeDefined();
    const playlist = (id: string) => readFileSync(join(assetDir(h.config, id), '360p/index.m3u8'), 'utf8');
    expect(playlist(paidId)).toContain('#EXT-X-KEY:METHOD=AES-128,URI="../content.key"');
    expect(playlist(clearId)).not.toContain('#EXT-X-KEY');
  }, 120_000);

  it('reuses the encrypted asset while its key exists, and makes it again when the key is gone', async () => {
    const cached: boolean[] = [];
    const first = (await ensureDemoAssets(h, 'demo', [paid], (p) => cached.push(p.cached))).get('paid')!;
    expect(cached).toEqual([true]);
    await h.db.deleteFrom('media_asset_keys').where('asset_id', '=', first).execute();
    const again = (await ensureDemoAssets(h, 'demo', [paid], (p) => cached.push(p.cached))).get('paid')!;
    expect(cached).toEqual([true, false]);
    expect(again).not.toBe(first);
    expect(await keyRow(again)).toBeDefined();
  }, 120_000);
});
