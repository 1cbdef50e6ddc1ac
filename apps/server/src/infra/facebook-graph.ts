/**
 * Facebook's Graph API, for one call: asking Facebook to scrape a shared URL again (its sharing
 * debugger's "Scrape Again"), so a link pasted afterwards shows the page's current Open Graph tags
 * (discovery-and-site §7 Gifs "POST /api/scrape/facebook {url}"; decision 0060). The call is
 * `POST {baseUrl}/` with the form fields `id` (the URL), `scrape=true` and `access_token` (an app
 * token, `app-id|app-secret`), in the body so the token never sits in a URL or a log.
 */

/** What Facebook answers for the scraped URL (the fields we use of its URL object). */
export type ScrapedObject = {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  updatedTime: string | null;
};

/** Facebook refused the call or did not answer; `message` is safe to show the caller. */
export class FacebookGraphError extends Error {}

export type FacebookGraph = { rescrape(url: string): Promise<ScrapedObject> };

/** The Graph API version the call is made against (the base URL may name another). */
export const FACEBOOK_GRAPH_BASE = 'https://graph.facebook.com/v19.0';
const TIMEOUT_MS = 10_000;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function createFacebookGraph(opts: {
  appToken: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): FacebookGraph {
  const base = (opts.baseUrl ?? FACEBOOK_GRAPH_BASE).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async rescrape(url: string): Promise<ScrapedObject> {
      let res: Response;
      try {
        res = await doFetch(`${base}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ id: url, scrape: 'true', access_token: opts.appToken }).toString(),
          signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
        });
      } catch {
        throw new FacebookGraphError('Facebook did not answer');
      }
      let body: Record<string, unknown> = {};
      try {
        body = (await res.json()) as Record<string, unknown>;
      } catch {
        // A non-JSON answer is reported by its status below.
      }
      if (!res.ok) {
        const error = body.error as { message?: unknown } | undefined;
        throw new FacebookGraphError(
          `Facebook refused the re-scrape: ${str(error?.message) ?? `HTTP ${res.status}`}`,
        );
      }
      const image = Array.isArray(body.image) ? (body.image[0] as { url?: unknown } | undefined) : undefined;
      return {
        url: str(body.url) ?? url,
        title: str(body.title),
        description: str(body.description),
        image: str(image?.url),
        updatedTime: str(body.updated_time),
      };
    },
  };
}
