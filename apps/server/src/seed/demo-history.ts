import { playDay } from '@marquee/domain';
import type { Db } from '../db/database';
import { DEMO_MOVIES, DEMO_SERIES, DEMO_VIDEOS } from './demo-content';

/**
 * Synthetic watch history for a demo site (decision 0018), so popular and recommended mean
 * something on a fresh demo: 36 viewers in four overlapping tastes play the demo catalog over the
 * last weeks (a few of them two months ago, which counts for all-time plays but not the popular
 * window). Deterministic: the same viewers, items and play counts on every run; times are relative
 * to `now`.
 *
 * The viewers are anonymous plays (`viewer_plays` keys `seed:…`), not accounts: the demo keeps its
 * two accounts, and watch progress needs one. A re-run takes its previous plays back out of the
 * day counts before writing the new ones; real plays are kept, and videos.view_count is set to the
 * site's counted plays (the catalog seed re-creates the video rows).
 */
export async function seedDemoHistory(db: Db, site: string, now: Date = new Date()): Promise<number> {
  const plays = demoPlays(now.getTime());
  await db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('viewer_plays')
      .select(['video_uid', 'last_played_at', 'plays'])
      .where('site_uid', '=', site)
      .where('viewer_key', 'like', `${SEED_PREFIX}%`)
      .execute();
    for (const [key, n] of dayCounts(previous)) {
      const [video, day] = key.split('\n') as [string, string];
      await trx
        .updateTable('video_play_days')
        .set((eb) => ({ plays: eb('plays', '-', n) }))
        .where('site_uid', '=', site)
        .where('video_uid', '=', video)
        .where('day', '=', day)
        .execute();
    }
    await trx.deleteFrom('video_play_days').where('site_uid', '=', site).where('plays', '<=', 0).execute();
    await trx
      .deleteFrom('viewer_plays')
      .where('site_uid', '=', site)
      .where('viewer_key', 'like', `${SEED_PREFIX}%`)
      .execute();

    const rows = plays.map((p) => ({ site_uid: site, user_id: null, ...p }));
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('viewer_plays')
        .values(rows.slice(i, i + 100))
        .execute();
    for (const [key, n] of dayCounts(plays)) {
      const [video, day] = key.split('\n') as [string, string];
      await trx
        .insertInto('video_play_days')
        .values({ site_uid: site, video_uid: video, day, plays: n })
        .onConflict((oc) =>
          oc.columns(['site_uid', 'day', 'video_uid']).doUpdateSet((eb) => ({
            plays: eb('video_play_days.plays', '+', eb.ref('excluded.plays')),
          })),
        )
        .execute();
    }
    // view_count is the all-time number of counted plays.
    await trx
      .updateTable('videos')
      .set((eb) => ({
        view_count: eb.fn.coalesce(
          eb
            .selectFrom('video_play_days as d')
            .select((s) => s.fn.sum<number>('d.plays').as('n'))
            .whereRef('d.site_uid', '=', 'videos.site_uid')
            .whereRef('d.video_uid', '=', 'videos.uid'),
          eb.lit(0),
        ),
      }))
      .where('site_uid', '=', site)
      .execute();
  });
  return plays.length;
}

const SEED_PREFIX = 'seed:';
const DAY_MS = 86_400_000;

type SeedPlay = {
  viewer_key: string;
  video_uid: string;
  type: string;
  last_played_at: string;
  plays: number;
};

/** A viewer's k plays of an item fall on the day of the last one and every second day before it. */
function dayCounts(rows: readonly { video_uid: string; last_played_at: string; plays: number }[]) {
  const counts = new Map<string, number>();
  for (const r of rows)
    for (let j = 0; j < r.plays; j++) {
      const key = `${r.video_uid}\n${playDay(Date.parse(r.last_played_at) - j * 2 * DAY_MS)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return counts;
}

/** mulberry32: a small seeded generator, so the history is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function demoPlays(nowMs: number): SeedPlay[] {
  const type = new Map<string, string>(DEMO_VIDEOS.map((v) => [v.uid, 'video']));
  const episodesOf = (seriesUid: string, seasons?: number) =>
    DEMO_SERIES.filter((s) => s.uid === seriesUid).flatMap((s) =>
      s.seasons
        .slice(0, seasons)
        .flatMap((titles, si) => titles.map((_, ei) => `${s.uid}-s${si + 1}e${ei + 1}`)),
    );
  for (const s of DEMO_SERIES) for (const uid of episodesOf(s.uid)) type.set(uid, 'episode');
  for (const m of DEMO_MOVIES) type.set(m.uid, 'movie');
  const tagged = (...tags: string[]) =>
    DEMO_VIDEOS.filter((v) => tags.every((t) => v.tags.includes(t))).map((v) => v.uid);
  const movie = (i: number) => DEMO_MOVIES[i]?.uid;

  // Four tastes that overlap, so "also watched" crosses titles, channels and types.
  const tastes = [
    [...episodesOf('demo-series-orbit'), ...tagged('nature'), movie(0)],
    [...episodesOf('demo-series-kitchen'), ...tagged('original', 'people'), movie(1)],
    [...tagged('news'), movie(2), movie(0)],
    [...tagged('original'), ...episodesOf('demo-series-orbit', 1), movie(1)],
  ].map((items) => items.filter((uid): uid is string => uid !== undefined && type.has(uid)));

  const plays: SeedPlay[] = [];
  for (let i = 0; i < 36; i++) {
    const rnd = random(i + 1);
    const taste = tastes[i % tastes.length]!;
    const other = tastes[(i + 1 + (i >> 2)) % tastes.length]!;
    const picked = new Set(taste.filter(() => rnd() < 0.55));
    for (const uid of taste.slice(0, 3)) if (picked.size < 3) picked.add(uid);
    for (let k = 0; k < 2; k++) picked.add(other[Math.floor(rnd() * other.length)]!);
    // Every sixth viewer watched two months ago: all-time plays, outside the popular window.
    const daysAgo = i % 6 === 5 ? 40 + rnd() * 30 : 0.5 + rnd() * 18;
    [...picked].forEach((uid, n) => {
      const at = nowMs - (daysAgo + n * 0.2 + rnd() * 0.1) * DAY_MS;
      plays.push({
        viewer_key: `${SEED_PREFIX}viewer-${String(i + 1).padStart(2, '0')}`,
        video_uid: uid,
        type: type.get(uid)!,
        last_played_at: new Date(at).toISOString(),
        plays: 1 + (rnd() < 0.25 ? 1 : 0) + (rnd() < 0.08 ? 1 : 0),
      });
    });
  }
  return plays;
}
