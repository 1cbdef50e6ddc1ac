/**
 * The spec's paths we also serve where ours differ (decision 0057), `METHOD url` as registered →
 * our route. An alias is our route's own options (handler, hooks, validation) registered at a
 * second URL, so there is one implementation; rate limits count it with our route (rate-limits.ts).
 */
export const SPEC_PATHS: Readonly<Record<string, string>> = {
  // accounts-and-commerce §7: the wallet callbacks at the root, ours under /api/payment.
  'POST /paypal-sub/confirm/:id': 'POST /api/payment/paypal-sub/confirm/:id',
  'POST /paypal-sub/cancel/:id': 'POST /api/payment/paypal-sub/cancel/:id',
  // playback-and-social §7: the muted people list with its trailing slash.
  'GET /v2/sites/:site/chats/muteList/': 'GET /v2/sites/:site/chats/muteList',
};

/** Our route for a `METHOD url`: itself, or the route the spec's path stands for. */
export const ourRoute = (key: string): string => SPEC_PATHS[key] ?? key;

type Documented = { operationId?: string; summary?: string };

/**
 * The URLs to register a route at: ours first, then each spec path standing for it, each with the
 * schema its OpenAPI entry gets (the alias: its own operation id, a summary naming it the spec's form).
 */
export function servedAt<S extends Documented>(
  method: string,
  url: string,
  schema: S,
): Array<{ url: string; schema: S }> {
  const urls = [{ url, schema }];
  for (const [alias, target] of Object.entries(SPEC_PATHS)) {
    if (target !== `${method} ${url}`) continue;
    urls.push({
      url: alias.slice(method.length + 1),
      schema: {
        ...schema,
        operationId: `${schema.operationId}SpecPath`,
        summary: `${schema.summary} (the spec's path for ${url.replace(/:(\w+)/g, '{$1}')}; same handler)`,
      },
    });
  }
  return urls;
}
