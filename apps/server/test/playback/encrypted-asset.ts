import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ingestFile, type IngestInput } from '../../src/media/ingest';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import type { entitlementsHarness } from '../entitlements/fixtures';
import { makeClip } from '../media/fixtures';
import { videoRow } from '../fixtures';

type Harness = Awaited<ReturnType<typeof entitlementsHarness>>;

/**
 * A real ffmpeg encode of a 4-s clip, encrypted as asked (AES-128 HLS, decision 0024, or Clear Key,
 * decision 0081), as the paid video `uid` of acme: its asset id and its media_asset_keys row.
 */
export async function ingestPaidVideo(t: Harness, uid: string, encrypt: IngestInput['encrypt']) {
  const clip = join(t.h.config.dataDir, `clip-${uid}.mp4`);
  await makeClip(clip, { seconds: 4, height: 180 });
  const { assetId } = await ingestFile(
    { db: t.h.db, config: t.h.config },
    { siteUid: 'acme', file: clip, assetOnly: true, preset: 'ultrafast', encrypt },
  );
  await t.h.db
    .insertInto('videos')
    .values(videoRow('acme', uid, { access_type: 'paid', channel_id: 'news', asset_id: assetId }))
    .execute();
  const key = await t.h.db
    .selectFrom('media_asset_keys')
    .selectAll()
    .where('asset_id', '=', assetId)
    .executeTakeFirstOrThrow();
  return { assetId, key };
}

/** Every file below a folder, recursively. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });

/** The operator grants `user` the whole-site bundle (the admin grants route). */
export const grantSite = (t: Harness, user: string) =>
  t.h.app.inject({
    method: 'POST',
    url: `/v2/admin/sites/acme/users/${user}/grants`,
    headers: t.tokens.admin,
    payload: { bundleId: 'b-site' },
  });

/** Revokes a grant `grantSite` made. */
export const revokeGrant = (t: Harness, user: string, grantId: string) =>
  t.h.app.inject({
    method: 'DELETE',
    url: `/v2/admin/sites/acme/users/${user}/grants/${grantId}`,
    headers: t.tokens.admin,
  });

/** A media token for the asset signed with a secret that is not the server's. */
export const forgedToken = (assetId: string, video: string, user: string, exp: number) =>
  createMediaSigner('another-secret-another-secret-0123456').sign({ exp, asset: assetId, video, user });
