import { createHmac } from 'node:crypto';
import {
  countsAsNewPlay,
  historySeeds,
  isCountedPlayType,
  itemTerms,
  mergeRankings,
  PLAY_DEDUPE_MS,
  PLAYABLE_VOD_TYPES,
  playDay,
  popularWindowStart,
  rankBySharedTerms,
  rankCoWatched,
  RECOMMENDATION_BOUNDS as B,
  termProfile,
  type CoViewer,
} from '@marquee/domain';
import type { HistoryRow, PlayRow, RecommendationsRepository, TermsRow } from './recommendations.repository';

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;

/** A VOD play-url that handed out a stream: the viewer (user, else address and user agent) and the item. */
export type PlayEvent = {
  siteUid: string;
  videoUid: string;
  type: string;
  userId: string | null;
  ip?: string;
  userAgent?: string;
};

/** Writes wait this long so a burst of plays goes to the database together, off the request. */
const FLUSH_MS = 100;
const FLUSH_AT = 500;
/** Viewers remembered in memory to skip repeated plays before any write. */
const DEDUPE_MEMORY = 100_000;
/** A viewer's ranking is kept this long (pages of one list agree; a new play of theirs clears it). */
const RANKING_TTL_MS = 30_000;
const POPULAR_TTL_MS = 60_000;
const CACHE_LIMIT = 10_000;
/** The term index of a site is rebuilt in the background once it is this old. */
const TERM_INDEX_TTL_MS = 5 * 60_000;
const TERM_INDEX_SITES = 50;

/** Tags and genres of every listed item, newest first, and the items of each term. */
type TermIndex = { uids: string[]; types: string[]; terms: string[][]; byTerm: Map<string, number[]> };

type Log = { warn: (obj: object, msg: string) => void };

function ttlCache<V>(ttlMs: number, now: () => number) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      if (entries.size >= CACHE_LIMIT) entries.clear();
      const value = load();
      entries.set(key, { at: now(), value });
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};
/** Tags of the item and genres of its movie data or series. */
const termsOfRow = (r: TermsRow) =>
  itemTerms(
    parseJson(r.tags),
    (parseJson(r.movie) as { genres?: unknown } | null)?.genres,
    parseJson(r.series_genres),
  );

/**
 * Plays and the rankings built on them (decision 0018): counts plays (deduplicated, written in
 * batches off the request path), ranks popular by plays of the last 30 days, and ranks
 * "viewers who watched this also watched" from the watch history, falling back to shared
 * tags/genres.
 */
export function createRecommendationsService(deps: {
  repo: RecommendationsRepository;
  now: () => number;
  /** Keys the hash that stands for an anonymous viewer (never stored in clear). */
  secret: string;
  log?: Log;
}) {
  const { repo, now } = deps;

  // ---------- plays ----------
  /** Last accepted play per site, video and viewer, oldest first (re-inserted on each accept). */
  const lastPlay = new Map<string, number>();
  let queue: PlayRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** Bumped per user when their plays land, so their cached ranking is recomputed. */
  const userVersion = new Map<string, number>();

  /** The stored viewer key: the user, else a keyed hash of address and user agent (computed per counted play only). */
  const viewerKeyOf = (p: PlayEvent): string => {
    if (p.userId) return `u:${p.userId}`;
    const digest = createHmac('sha256', deps.secret)
      .update(`play-viewer\n${p.ip ?? ''}\n${p.userAgent ?? ''}`)
      .digest('base64url');
    return `d:${digest.slice(0, 22)}`;
  };

  async function write(batch: PlayRow[]): Promise<void> {
    const counts = new Map<string, { siteUid: string; videoUid: string; day: string; plays: number }>();
    const users = new Set<string>();
    for (const p of batch) {
      try {
        const dedupeAfter = new Date(Date.parse(p.at) - PLAY_DEDUPE_MS).toISOString();
        if (!(await repo.countPlay(p, dedupeAfter))) continue;
      } catch (err) {
        // A play of an account deleted meanwhile (foreign key), or a lost connection: skip it.
        deps.log?.warn({ err }, 'play not recorded');
        continue;
      }
      const day = playDay(Date.parse(p.at));
      const key = `${p.siteUid}\n${p.videoUid}\n${day}`;
      const c = counts.get(key) ?? { siteUid: p.siteUid, videoUid: p.videoUid, day, plays: 0 };
      c.plays++;
      counts.set(key, c);
      if (p.userId) users.add(`${p.siteUid}\n${p.userId}`);
    }
    await repo.addPlayCounts([...counts.values()]);
    if (userVersion.size > CACHE_LIMIT) userVersion.clear();
    for (const u of users) userVersion.set(u, (userVersion.get(u) ?? 0) + 1);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    if (batch.length > 0)
      writing = writing
        .then(() => write(batch))
        .catch((err: unknown) => deps.log?.warn({ err }, 'plays not recorded'));
    return writing;
  }

  // ---------- rankings ----------
  const rankings = ttlCache<{ head: string[]; exclude: string[] }>(RANKING_TTL_MS, now);
  const itemRankings = ttlCache<string[]>(RANKING_TTL_MS, now);
  const popularHeads = ttlCache<string[]>(POPULAR_TTL_MS, now);

  /** Co-watched items, best first, from the seeds' recent co-viewers and their recent items. */
  async function coWatched(
    site: string,
    seeds: Map<string, number>,
    self: string | null,
    types: Set<string>,
    exclude: Set<string>,
  ): Promise<string[]> {
    if (seeds.size === 0) return [];
    const perSeed = await repo.coViewers(site, [...seeds.keys()], B.coViewersPerSeed);
    const viewers = new Map<string, Set<string>>();
    for (const { seed, viewers: found } of perSeed) {
      const ordered = [...found].sort((a, b) => b.at.localeCompare(a.at));
      for (const { viewer } of ordered) {
        if (viewer === self) continue;
        const known = viewers.get(viewer);
        if (known) known.add(seed);
        else if (viewers.size < B.coViewers) viewers.set(viewer, new Set([seed]));
      }
    }
    const rows = await repo.itemsOf(site, [...viewers.keys()], B.itemsPerCoViewer);
    const itemsBy = new Map<string, HistoryRow[]>();
    for (const r of rows) itemsBy.set(r.viewer, [...(itemsBy.get(r.viewer) ?? []), r]);
    const coViewers: CoViewer[] = [...viewers].map(([viewer, shared]) => {
      const items = (itemsBy.get(viewer) ?? [])
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, B.itemsPerCoViewer);
      return {
        seeds: [...shared],
        // Seeds stay in (they say what the viewer shares with us); other items only of the asked types.
        items: items.filter((i) => seeds.has(i.uid) || types.has(i.type)).map((i) => i.uid),
      };
    });
    return rankCoWatched(seeds, coViewers, { exclude });
  }

  async function buildTermIndex(site: string): Promise<TermIndex> {
    const index: TermIndex = { uids: [], types: [], terms: [], byTerm: new Map() };
    for (const row of await repo.listedTerms(site, PLAYABLE_VOD_TYPES)) {
      const i = index.uids.push(row.uid) - 1;
      index.types.push(row.type);
      const terms = termsOfRow(row);
      index.terms.push(terms);
      for (const t of terms) {
        const list = index.byTerm.get(t);
        if (list) list.push(i);
        else index.byTerm.set(t, [i]);
      }
    }
    return index;
  }

  /**
   * The site's term index: one narrow read of the listed catalog, kept in memory (a scan with LIKE
   * over 50,000 rows costs 35–120 ms a ranking). Once stale it is rebuilt in the background while
   * the old one keeps answering, so new items join the fallback within minutes.
   */
  const termIndexes = new Map<string, { at: number; value: Promise<TermIndex>; refreshing: boolean }>();
  function termIndex(site: string): Promise<TermIndex> {
    const hit = termIndexes.get(site);
    if (hit) {
      if (now() - hit.at >= TERM_INDEX_TTL_MS && !hit.refreshing) {
        hit.refreshing = true;
        const next = buildTermIndex(site);
        next.then(
          () => termIndexes.set(site, { at: now(), value: next, refreshing: false }),
          (err: unknown) => {
            hit.refreshing = false;
            deps.log?.warn({ err }, 'term index not rebuilt');
          },
        );
      }
      return hit.value;
    }
    if (termIndexes.size >= TERM_INDEX_SITES) termIndexes.clear();
    const value = buildTermIndex(site);
    termIndexes.set(site, { at: now(), value, refreshing: false });
    value.catch(() => termIndexes.delete(site));
    return value;
  }

  /** Items sharing tags or genres with the seeds, best first. */
  async function sharingTerms(
    site: string,
    seeds: Map<string, number>,
    types: string[],
    exclude: Set<string>,
  ): Promise<string[]> {
    if (seeds.size === 0) return [];
    const seedRows = await repo.termsOf(site, [...seeds.keys()]);
    const profile = termProfile(
      seedRows.map((r) => ({ weight: seeds.get(r.uid) ?? 0, terms: termsOfRow(r) })),
    );
    if (profile.size === 0) return [];
    const index = await termIndex(site);
    const hits = new Set<number>();
    for (const term of profile.keys()) for (const i of index.byTerm.get(term) ?? []) hits.add(i);
    const wanted = new Set(types);
    const candidates = [...hits]
      .sort((a, b) => a - b)
      .filter((i) => wanted.has(index.types[i]!))
      .slice(0, B.termCandidates)
      .map((i) => ({ uid: index.uids[i]!, terms: index.terms[i]! }));
    return rankBySharedTerms(profile, candidates, { exclude: new Set([...exclude, ...seeds.keys()]) });
  }

  /** Co-watched first; when that does not fill the head, items sharing tags/genres after it. */
  async function rank(
    site: string,
    seeds: Map<string, number>,
    self: string | null,
    types: string[],
    exclude: Set<string>,
  ): Promise<string[]> {
    const co = await coWatched(site, seeds, self, new Set(types), exclude);
    if (co.length >= B.head) return co;
    return mergeRankings([co, await sharingTerms(site, seeds, types, exclude)]);
  }

  return {
    /**
     * Notes a play (synchronous, no I/O): repeats within the dedupe window are dropped in memory,
     * the rest are written in the next batch, where the database decides again (other processes).
     */
    recordPlay(p: PlayEvent): void {
      if (!isCountedPlayType(p.type) || (!p.userId && !p.ip)) return;
      const at = now();
      // In memory only (never stored), the raw address is the key: repeats cost no hashing.
      const key = p.userId
        ? `${p.siteUid}\n${p.videoUid}\nu\n${p.userId}`
        : `${p.siteUid}\n${p.videoUid}\nd\n${p.ip}\n${p.userAgent ?? ''}`;
      const last = lastPlay.get(key);
      if (!countsAsNewPlay(last ?? null, at)) return;
      lastPlay.delete(key);
      lastPlay.set(key, at);
      // Oldest first: forget what left the window, and the oldest beyond the memory's size.
      for (const [k, t] of lastPlay) {
        if (lastPlay.size <= DEDUPE_MEMORY && at - t < PLAY_DEDUPE_MS) break;
        lastPlay.delete(k);
      }
      queue.push({
        siteUid: p.siteUid,
        viewerKey: viewerKeyOf(p),
        videoUid: p.videoUid,
        type: p.type,
        userId: p.userId,
        at: new Date(at).toISOString(),
      });
      if (queue.length >= FLUSH_AT) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },

    /** Writes the plays noted so far; resolves when they are in the database. */
    flush,

    /** Uids of the given types by plays of the popular window, best first (kept a minute). */
    popular(site: string, types: string[]): Promise<string[]> {
      return popularHeads.get(`${site}\n${types.join(',')}`, async () =>
        (await repo.popular(site, types, popularWindowStart(now()), B.popularHead)).map((r) => r.uid),
      );
    },

    /**
     * A signed-in viewer's ranking: items co-watched with their recent history, then items sharing
     * its tags/genres; `exclude` is what they finished. Empty head without history.
     */
    forViewer(site: string, userId: string, types: string[]): Promise<{ head: string[]; exclude: string[] }> {
      const version = userVersion.get(`${site}\n${userId}`) ?? 0;
      return rankings.get(`${site}\n${userId}\n${version}\n${types.join(',')}`, async () => {
        const [history, finished] = await Promise.all([
          repo.userHistory(site, userId, B.historyItems),
          repo.finished(site, userId, B.finishedExcluded),
        ]);
        const seeds = historySeeds(history.map((h) => ({ uid: h.uid, atMs: Date.parse(h.at) })));
        const exclude = new Set(finished);
        return { head: await rank(site, seeds, `u:${userId}`, types, exclude), exclude: finished };
      });
    },

    /** "More like this": items co-watched with one item, then items sharing its tags/genres. */
    forItem(site: string, uid: string, types: string[]): Promise<string[]> {
      return itemRankings.get(`${site}\n${uid}\n${types.join(',')}`, () =>
        rank(site, new Map([[uid, 1]]), null, types, new Set([uid])),
      );
    },
  };
}
