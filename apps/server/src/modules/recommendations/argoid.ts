/**
 * Site flag argoid (D§1, decisions 0056 and 0061): the "recommended" rankings come from Argoid, an
 * outside recommendations service, for the sites that turn the flag on, when the operator has set
 * ARGOID_URL. Argoid failing, timing out (1 s) or answering nothing leaves the built-in ranking in
 * place, so a viewer never sees an empty row because of it. "popular" stays ours.
 *
 * The calls (our adapter's contract; the operator's Argoid endpoint or a gateway in front of it):
 *   GET {ARGOID_URL}/v1/recommendations/user?site={site}&user={userId}&types={t1,t2}&limit={n}
 *   GET {ARGOID_URL}/v1/recommendations/item?site={site}&item={uid}&types={t1,t2}&limit={n}
 *   Authorization: Bearer {ARGOID_API_KEY} (when set) → 200 { "items": [{ "id": "<video uid>" }, …] }
 */
export const ARGOID_TIMEOUT_MS = 1000;
/** How many uids a ranking asks Argoid for (the catalog pages through the head it returns). */
export const ARGOID_LIMIT = 100;

export type ArgoidConfig = { baseUrl: string; apiKey?: string; timeoutMs?: number };

/** The two rankings Argoid can replace (the catalog's Recommender has these and `popular`). */
export type Rankings = {
  forViewer(site: string, userId: string, types: string[]): Promise<{ head: string[]; exclude: string[] }>;
  forItem(site: string, uid: string, types: string[]): Promise<string[]>;
};

type Log = { warn: (obj: object, msg: string) => void };

/** One Argoid call: the ranked uids, or null when it failed, timed out or answered garbage. */
export function createArgoidClient(config: ArgoidConfig, log?: Log) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? ARGOID_TIMEOUT_MS;
  return async (kind: 'user' | 'item', params: Record<string, string>): Promise<string[] | null> => {
    const url = `${base}/v1/recommendations/${kind}?${new URLSearchParams({ ...params, limit: String(ARGOID_LIMIT) })}`;
    try {
      const res = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`Argoid answered ${res.status}`);
      const body = (await res.json()) as { items?: unknown };
      if (!Array.isArray(body.items)) throw new Error('Argoid answered without items');
      return body.items
        .map((item: unknown) => (item as { id?: unknown } | null)?.id)
        .filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 200)
        .slice(0, ARGOID_LIMIT);
    } catch (err) {
      log?.warn({ err, kind }, 'argoid recommendations failed; the built-in ranking answers');
      return null;
    }
  };
}

export type ArgoidClient = ReturnType<typeof createArgoidClient>;

/**
 * `builtIn` with Argoid in front for the sites where `isOn(site)` (the flag): Argoid's non-empty
 * answer is the ranking, anything else falls back to `builtIn`. Without a client, `builtIn` itself.
 */
export function withArgoid<T extends Rankings>(
  builtIn: T,
  deps: { argoid: ArgoidClient | null; isOn: (site: string) => Promise<boolean> },
): T {
  const { argoid, isOn } = deps;
  if (!argoid) return builtIn;
  const on = (site: string) => isOn(site).catch(() => false);
  return {
    ...builtIn,
    async forViewer(site: string, userId: string, types: string[]) {
      if (await on(site)) {
        const ids = await argoid('user', { site, user: userId, types: types.join(',') });
        if (ids?.length) return { head: ids, exclude: [] };
      }
      return builtIn.forViewer(site, userId, types);
    },
    async forItem(site: string, uid: string, types: string[]) {
      if (await on(site)) {
        const ids = await argoid('item', { site, item: uid, types: types.join(',') });
        const others = ids?.filter((id) => id !== uid);
        if (others?.length) return others;
      }
      return builtIn.forItem(site, uid, types);
    },
  };
}
