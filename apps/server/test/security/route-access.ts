/**
 * Who may call each route of the app: the table the authorization matrix
 * (authorization-matrix.test.ts) checks every registered route against. A route the app registers
 * without an entry here fails the matrix, and so does an entry whose route is gone. How to add an
 * entry: README.md in this folder.
 */

/** The callers the matrix sends each request as (see world.ts for who they are). */
export type Principal = 'anonymous' | 'userA' | 'userB' | 'otherSite' | 'staff' | 'admin';

/**
 * The order the matrix asks in: user A, the owner, comes last, so the others try a resource of A's
 * that still exists (A's own call may delete it).
 */
export const PRINCIPALS: Principal[] = ['anonymous', 'userB', 'otherSite', 'staff', 'admin', 'userA'];

/** 'allowed' means any answer but 401 and 403 (a 400, 404 or 429 about the request itself is fine). */
export type Outcome = 'allowed' | 401 | 403 | 404 | 429;

/**
 * - public: anyone, signed in or not.
 * - user: any signed-in user (401 without a token); acts on the caller's own account.
 * - siteUser: a signed-in user of the site in the path (acme); a user of another site gets 403.
 * - owner: the route names a resource of user A's (`params`); only A gets it, everyone else is
 *   answered 404, as for a resource that does not exist (no one learns it exists).
 * - admin: a user with role `admin` on the site in the path; other users (staff included) 403.
 * - capability: the credential is in the URL or body (a signed token, a one-time code); the
 *   matrix's made-up one is refused the same way for everyone (`expect`).
 */
export type Access = 'public' | 'user' | 'siteUser' | 'owner' | 'admin' | 'capability';

export type RouteAccess = {
  access: Access;
  /**
   * Path parameters: a name of one of A's resources (world.ts `ids`: purchaseA, methodA,
   * watchListItemA, progressA, addressA, deviceA, otherDeviceA, grantA, shortLink,
   * userA) or a literal. `site` is acme and `uid` v1 unless set.
   */
  params?: Record<string, string>;
  /** Query parameters added to the schema's sample. */
  query?: Record<string, unknown>;
  /** A body to send instead of the schema's sample. */
  body?: unknown;
  /** Outcomes that differ from the access rule's, per principal. */
  expect?: Partial<Record<Principal, Outcome>>;
  /** Why the entry is as it is, where that is not obvious. */
  why?: string;
  /**
   * Why a write route open to anonymous callers has no route-level rate limit
   * (plugins/rate-limits.ts); route-rate-limits.test.ts fails on one that has neither.
   */
  unlimited?: string;
};

const DEFAULTS: Record<Access, Record<Principal, Outcome>> = {
  public: {
    anonymous: 'allowed',
    userA: 'allowed',
    userB: 'allowed',
    otherSite: 'allowed',
    staff: 'allowed',
    admin: 'allowed',
  },
  user: {
    anonymous: 401,
    userA: 'allowed',
    userB: 'allowed',
    otherSite: 'allowed',
    staff: 'allowed',
    admin: 'allowed',
  },
  siteUser: {
    anonymous: 401,
    userA: 'allowed',
    userB: 'allowed',
    otherSite: 403,
    staff: 'allowed',
    admin: 'allowed',
  },
  owner: { anonymous: 401, userA: 'allowed', userB: 404, otherSite: 404, staff: 404, admin: 404 },
  admin: { anonymous: 401, userA: 403, userB: 403, otherSite: 403, staff: 403, admin: 'allowed' },
  capability: { anonymous: 404, userA: 404, userB: 404, otherSite: 404, staff: 404, admin: 404 },
};

/** The outcome the matrix expects for a route and a principal. */
export const expected = (entry: RouteAccess, p: Principal): Outcome =>
  entry.expect?.[p] ?? DEFAULTS[entry.access][p];

/**
 * Registered routes the matrix and the fuzz suite leave out, each with its reason. HEAD twins of
 * GET routes are left out everywhere (Fastify answers them with the GET handler).
 */
export const EXCLUDED: Record<string, string> = {
  'GET /api/docs': 'Swagger UI: static documentation, no data and no access rule',
  'GET /api/docs/static/index.html': 'Swagger UI static file',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI static file',
  'GET /api/docs/json': 'the OpenAPI document, public by design (openapi.test.ts covers it)',
  'GET /api/docs/yaml': 'the OpenAPI document, public by design',
  'GET /api/docs/static/*': 'Swagger UI static files',
  'GET /': 'the web client page (branded index.html): public, served only when the client is built',
  'GET /tvn': 'the TV client page: public, served only when the client is built',
  'GET /tvn/': 'the TV client page: public, served only when the client is built',
};

const pub = (over: Omit<RouteAccess, 'access'> = {}): RouteAccess => ({ access: 'public', ...over });
const user = (over: Omit<RouteAccess, 'access'> = {}): RouteAccess => ({ access: 'user', ...over });
const siteUser = (over: Omit<RouteAccess, 'access'> = {}): RouteAccess => ({ access: 'siteUser', ...over });
const owner = (
  params: Record<string, string>,
  over: Omit<RouteAccess, 'access' | 'params'> = {},
): RouteAccess => ({
  access: 'owner',
  params,
  ...over,
});
const admin = (over: Omit<RouteAccess, 'access'> = {}): RouteAccess => ({ access: 'admin', ...over });
const everyone = (outcome: Outcome) =>
  Object.fromEntries(
    (['anonymous', 'userA', 'userB', 'otherSite', 'staff', 'admin'] as const).map((p) => [p, outcome]),
  ) as Record<Principal, Outcome>;

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // Infrastructure
  'GET /healthz': pub(),
  'GET /readyz': pub({ why: 'the load balancer probe: names failing dependencies, holds no data' }),
  'GET /metrics': pub({
    expect: everyone(401),
    why: "the operator's METRICS_TOKEN (a bearer token of its own), never a user's: everyone is refused",
  }),

  // Sites
  'GET /v2/sites/:site/config': pub(),
  'GET /v2/sites/:site/legal': pub(),
  'GET /v2/sites/:site/external-text/:type': pub({ params: { type: 'terms' } }),

  // Playback: a title's own access rule decides (v1 and lc-a are public titles; entitlement tests
  // cover the others).
  'GET /v2/sites/:site/videos/:uid/play-url': pub(),
  'GET /v2/sites/:site/live-channels/:id/play-url': pub({ params: { id: 'lc-a' } }),
  'GET /media/thumbs/:assetId/:file': pub({ params: { assetId: 'a-full', file: 'thumb-high.jpg' } }),
  'GET /media/subs/:assetId/:file': pub({ params: { assetId: 'a-subs', file: 'en.vtt' } }),
  'GET /media/:token/:assetId/*': {
    access: 'capability',
    params: { token: 'not-a-signed-token', assetId: 'a-full' },
    expect: everyone(403),
    why: 'the signed media token is the credential; a forged one is 403 for everyone',
  },
  'POST /media/:token/:assetId/clearkey-license': {
    access: 'capability',
    params: { token: 'not-a-signed-token', assetId: 'a-full' },
    body: { kids: ['AAAAAAAAAAAAAAAAAAAAAA'], type: 'temporary' },
    expect: everyone(401),
    why: 'the signed media token is the credential (decision 0081); a forged one is 401 for everyone',
    unlimited: 'presents a signed media token, refused before any read when forged',
  },
  'GET /live/:token/:site/:channel/:file': {
    access: 'capability',
    params: { token: 'not-a-signed-token', channel: 'lc-a', file: 'index.m3u8' },
    expect: everyone(403),
    why: 'the signed media token is the credential',
  },

  // Catalog (read-only, public; private titles answer 404 to everyone)
  'GET /v2/sites/:site/channels': pub(),
  'GET /v2/sites/:site/channels/:id/videos': pub({ params: { id: 'news' } }),
  'GET /v2/sites/:site/channels/:id/movies': pub({ params: { id: 'cinema' } }),
  'GET /v2/sites/:site/channels/:id/series': pub({ params: { id: 'shows' } }),
  'GET /v2/sites/:site/channels/:id/live-events': pub({ params: { id: 'events' } }),
  'GET /v2/sites/:site/dynamic-channels/:id/videos': pub({ params: { id: 'recent' } }),
  'GET /v2/sites/:site/dynamic-channels/:id/movies': pub({ params: { id: 'recent' } }),
  'GET /v2/sites/:site/dynamic-channels/:id/episodes': pub({ params: { id: 'recent' } }),
  'GET /v2/sites/:site/dynamic-channels/:id/all': pub({ params: { id: 'recent' } }),
  'GET /v2/sites/:site/videos/:uid': pub(),
  'GET /v2/sites/:site/videos/:uid/recommended': pub(),
  'GET /v2/sites/:site/videos/:uid/favorites-count': pub(),
  'GET /v2/sites/:site/movie/:uid': pub({ params: { uid: 'm1' } }),
  'GET /v2/sites/:site/movies/:id/extras': pub({ params: { id: 'm1' } }),
  'GET /v2/sites/:site/queues/:type/:id': pub({ params: { type: 'movieExtras', id: 'm1' } }),
  'GET /v2/sites/:site/series/:uid': pub({ params: { uid: 's1' } }),
  'GET /v2/sites/:site/series/:uid/episodes': pub({ params: { uid: 's1' } }),
  'GET /v2/sites/:site/series/:uid/extras': pub({ params: { uid: 's1' } }),
  'GET /v2/sites/:site/series/:uid/seasons': pub({ params: { uid: 's1' } }),
  'GET /v2/sites/:site/series/:uid/seasons/:n': pub({ params: { uid: 's1', n: '1' } }),
  'GET /v2/sites/:site/playlists/:uid': pub({ params: { uid: 'pl1' } }),
  'GET /v2/sites/:site/live-channels': pub(),
  'GET /v2/sites/:site/live-channels/:id': pub({ params: { id: 'lc-a' } }),
  'GET /v2/sites/:site/live-events/:uid': pub({ params: { uid: 'le-live' } }),
  'GET /v2/sites/:site/assets/:id/directory': pub({ params: { id: 'tab-dir' } }),
  'GET /v2/sites/:site/assets/:id/epg': pub({ params: { id: 'tab-epg' } }),
  'GET /v2/sites/:site/assets/:id/live': pub({ params: { id: 'tab-live' } }),
  'GET /api/assets/:id/about': pub({ params: { id: 'tab-about' }, query: { __site: 'acme' } }),
  'GET /api/assets/:id/cast': pub({ params: { id: 'tab-cast' }, query: { __site: 'acme' } }),
  'GET /api/assets/:id/home': pub({ params: { id: 'tab-home' }, query: { __site: 'acme' } }),
  'GET /api/assets/:id/home-movie': pub({ params: { id: 'tab-home-movie' }, query: { __site: 'acme' } }),
  'GET /api/assets/:id/iframe': pub({ params: { id: 'tab-iframe' }, query: { __site: 'acme' } }),
  'GET /api/assets/:id/faq': pub({ params: { id: 'tab-about' }, query: { __site: 'acme' } }),
  'GET /api/assets/:id/discover': pub({ params: { id: 'tab-discover' }, query: { __site: 'acme' } }),

  // Auth: the credential is in the body; a signed-in caller gains nothing from its token here.
  'POST /v2/me/auth/login': pub({
    body: { email: 'alice@example.com', password: 'correct horse', site: 'acme' },
    unlimited: "the login guard's per-address and per-account limits (issue 12 item 2)",
  }),
  'POST /v2/me/auth/signup': pub(),
  'POST /v2/me/auth/refresh-access': {
    access: 'capability',
    body: { token: 'not-a-refresh-token' },
    expect: everyone(401),
    why: 'the refresh token in the body is the credential; a made-up one is 401 for everyone',
    unlimited: 'presents a 256-bit refresh token',
  },
  'POST /v2/me/auth/logout': pub({
    why: 'revokes the refresh token in the body, whoever sends it',
    unlimited: 'presents a 256-bit refresh token',
  }),
  'GET /v2/me/info': user(),
  'POST /v2/me/auth/verify': user(),
  'GET /api/unique/:name': pub({
    params: { name: 'email' },
    query: { __site: 'acme', value: 'x@example.com' },
  }),
  'GET /v2/sites/:site/terms': pub(),
  'GET /v2/sites/:site/captcha': pub(),
  'GET /v2/sites/:site/captcha/challenge': pub(),

  // Recovery
  'POST /api/reset/pw': pub({
    query: { __site: 'acme' },
    unlimited: "the recovery service's per-address and per-e-mail limits",
  }),
  'POST /api/reset/pw/expired': {
    access: 'capability',
    query: { __site: 'acme' },
    expect: { ...everyone(401), userA: 429 },
    why:
      'the e-mail and current password in the body are the credential; a wrong pair is 401, and the ' +
      "sixth wrong try on one account (user A asks last) meets the account's failure limit (429)",
  },
  'GET /api/reset/pw/:code': {
    access: 'capability',
    params: { code: 'not-a-reset-code' },
    query: { __site: 'acme' },
    why: 'the reset code is the credential; an unknown one is 404',
  },
  'PATCH /api/reset/pw/:code': {
    access: 'capability',
    params: { code: 'not-a-reset-code' },
    query: { __site: 'acme' },
    body: { password: 'a new long password', confirm: 'a new long password' },
    why: 'the reset code is the credential; an unknown one is 404',
  },
  'POST /v2/sites/:site/autologin': admin({ body: { email: 'alice@example.com' } }),
  'POST /v2/sites/:site/autologin/:code': pub({
    params: { code: 'not-an-autologin-code' },
    why: 'the code is the credential; an unknown one answers 200 with status 0 (spec)',
  }),
  'POST /v2/sites/:site/autologin/:code/password': pub({
    params: { code: 'not-an-autologin-code' },
    why: 'the code is the credential; an unknown one answers 200 with status 0 (spec)',
  }),
  'POST /v2/sites/:site/passcodes': admin({ body: { email: 'alice@example.com' } }),
  'POST /passcode-login': pub({ query: { __site: 'acme' } }),

  // Devices (TV sign-in). Registration and polling are anonymous by design today; issue 12 item 5
  // adds a device secret to polling and device calls.
  'POST /v2/sites/:site/second-screens': pub({
    body: { deviceId: 'tv-matrix', deviceType: 'webtv' },
    unlimited: "TV registration: the devices service's per-address limit",
  }),
  'GET /v2/sites/:site/check-second-screen/:deviceId': pub({
    params: { deviceId: 'tv-matrix' },
    why: 'the TV polls without a user; without its x-device-secret header every caller gets 400',
  }),
  'PUT /v2/sites/:site/second-screens/:id': siteUser({ params: { id: 'ZZZZZZ' } }),
  'GET /v2/sites/:site/second-screens': siteUser(),
  'POST /v2/sites/:site/second-screens/:id/logout': owner({ id: 'deviceA' }),
  'DELETE /v2/sites/:site/second-screens/:id': owner({ id: 'otherDeviceA' }),

  // Social sign-in
  'GET /v2/sites/:site/oauth/providers': pub(),
  'GET /v2/sites/:site/oauth/:provider/authorize': pub({ params: { provider: 'google' } }),
  'POST /oauth/:provider/callback': pub({ params: { provider: 'google' } }),

  // Profile: the caller's own account
  'PATCH /v2/me/info': user(),
  'PATCH /v2/me/email': user(),
  'PATCH /v2/me/password': user(),
  'POST /v2/me/confirm-identity': user(),
  'POST /v2/me/request-delete': user(),
  'POST /v2/me/delete': user({
    why: 'a signed-in user without a confirmed identity is refused 403 by design',
    expect: { userA: 403, userB: 403, otherSite: 403, staff: 403, admin: 403 },
  }),

  // Search
  'GET /v2/sites/:site/videos-search': pub({ query: { q: 'video' } }),
  'GET /v2/sites/:site/search/:type': pub({ params: { type: 'videos' }, query: { search: 'video' } }),

  // Progress, watch list, favourites, library: the caller's own, on their own site
  'GET /v2/me/sites/:site/history-progress': siteUser(),
  'POST /v2/me/sites/:site/history-progress': siteUser({ body: { history: [{ id: 'v2', progress: 5 }] } }),
  'DELETE /v2/me/sites/:site/history-progress/:id': owner(
    { id: 'progressA' },
    { expect: { otherSite: 403 } },
  ),
  'GET /v2/me/sites/:site/watch-list': siteUser(),
  'GET /v2/me/sites/:site/videos/:type': siteUser({ params: { type: 'favorites' } }),
  'POST /v2/me/sites/:site/watch-list': siteUser({ body: { contentId: 'v2' } }),
  'DELETE /v2/me/sites/:site/watch-list/:id': owner({ id: 'watchListItemA' }, { expect: { otherSite: 403 } }),
  'GET /v2/me/sites/:site/favorites': siteUser({ query: { uids: 'v1,v2' } }),
  'GET /v2/sites/:site/videos/:uid/user-favorites': siteUser(),
  'POST /v2/sites/:site/videos/:uid/user-favorites': siteUser(),
  'GET /v2/me/sites/:site/library': siteUser(),
  'GET /v2/me/sites/:site/queues/watch-list': siteUser(),

  // Watch parties: any signed-in viewer of the site; host-only actions are in test/watch-party
  'POST /v2/sites/:site/watch-party/:id': siteUser({ params: { id: 'v1' } }),
  'GET /v2/sites/:site/watch-party/:id': siteUser({ params: { id: 'no-such-party' } }),
  'PATCH /v2/sites/:site/watch-party/:id': siteUser({
    params: { id: 'no-such-party' },
    body: { action: 'joined' },
  }),
  'GET /v2/sites/:site/watch-party/:id/content': siteUser({ params: { id: 'no-such-party' } }),
  'GET /v2/sites/:site/watch-party-code/:code': siteUser({ params: { code: 'ABC234' } }),
  // Chat (decision 0045): the site's signed-in users; ban and deletion for staff, support and admin
  'POST /v2/sites/:site/chats/users': siteUser({ body: { userIds: ['alice'] } }),
  'PATCH /v2/sites/:site/chats/ban': siteUser({
    body: { userId: 'bob', chatBanUntil: null },
    expect: { userA: 403, userB: 403 },
    why: 'only staff, support and admin may ban (the body lifts a ban, so the matrix bans no one)',
  }),
  'PATCH /v2/sites/:site/chats/mute/:userId': siteUser({ params: { userId: 'bob' }, body: { mute: false } }),
  'GET /v2/sites/:site/chats/muteList': siteUser(),
  'GET /v2/sites/:site/chats/muteList/': siteUser(),
  'PATCH /v2/sites/:site/chats/username': siteUser({ body: { chatUsername: 'Matrix' } }),
  'PATCH /v2/sites/:site/chats/:chatId': siteUser({
    params: { chatId: 'live-matrix' },
    body: { read: true },
  }),
  'POST /v2/sites/:site/chats/:chatId': siteUser({
    params: { chatId: 'live-matrix' },
    body: { message: 'hi' },
  }),
  'GET /v2/sites/:site/chats/:chatId/messages': siteUser({ params: { chatId: 'live-matrix' } }),
  'DELETE /v2/sites/:site/chats/:chatId/messages/:messageId': siteUser({
    params: { chatId: 'live-matrix', messageId: 'nope' },
    expect: { userA: 403, userB: 403 },
    why: 'only staff, support and admin may delete a message (theirs then answer 404: no such message)',
  }),

  // Oembed and analytics
  'GET /oembed': pub({ query: { url: 'http://tv.acme.test/watch/v1' } }),
  'POST /v2/sites/:site/analytics/video': pub(),
  'POST /v2/sites/:site/analytics/watch': pub(),
  'POST /v2/sites/:site/analytics/liveChannel': pub(),
  'POST /v2/sites/:site/analytics/liveChannelWatch': pub(),
  'POST /v2/sites/:site/analytics/page': pub(),
  'POST /v2/sites/:site/analytics/share': pub(),
  'POST /v2/sites/:site/analytics/smartBanner': pub(),
  'POST /v2/sites/:site/analytics/batch': pub(),
  'POST /v2/sites/:site/analytics/heartbeats': pub(),
  'POST /v2/fullscreen-logs': pub({
    query: { __site: 'acme' },
    why: 'acme has the fullscreenLogs flag (world.ts); a site without it is 403 for everyone',
  }),
  'POST /v2/sites/:site/analytics/:kind': pub({
    params: { kind: 'unknownKind' },
    why: 'answers 404 for kinds it does not know',
  }),
  'GET /v2/sites/:site/analytics/summary': admin(),
  'POST /v2/sites/:site/analytics/playbackQuality': pub(),
  'GET /v2/sites/:site/analytics/playbackQuality': admin(),
  'POST /v2/me/sites/:site/dropped-cart': siteUser({ body: { bundleId: 'monthly', bundleName: 'Monthly' } }),
  'GET /v2/sites/:site/dropped-carts': admin(),

  // Ads
  'GET /v2/sites/:site/ads/vast': pub(),
  'GET /v2/sites/:site/ads/track': pub(),
  'GET /v2/sites/:site/ads/banner': pub(),
  'GET /v2/sites/:site/ads/house-banner': pub(),
  'GET /v2/sites/:site/ads/creatives/:id/media.mp4': pub(),
  'GET /ads/prebid-ads.js': pub(),

  // Entitlements (admin grants)
  'POST /v2/admin/sites/:site/users/:userId/grants': admin({
    params: { userId: 'userA' },
    body: { bundleId: 'rental' },
  }),
  'DELETE /v2/admin/sites/:site/users/:userId/grants/:purchaseId': admin({
    params: { userId: 'userA', purchaseId: 'grantA' },
  }),

  // Commerce: offers are public, a user's purchases and cards are theirs alone
  'GET /v2/sites/:site/bundles': pub(),
  'GET /v2/sites/:site/giftables': pub(),
  'GET /v2/sites/:site/rentals': pub(),
  'GET /v2/sites/:site/rentals/coupon/:code': pub({ params: { code: 'FIRST20' } }),
  'POST /v2/sites/:site/bundles/:id/apply-coupon': pub({ params: { id: 'monthly' } }),
  'POST /v2/sites/:site/bundles/:id/taxes': pub({ params: { id: 'monthly' } }),
  'GET /api/bundle/get/:id': pub({ params: { id: 'monthly' }, query: { __site: 'acme' } }),
  'GET /api/payment/gateways': pub({
    query: { __site: 'acme' },
    why: 'issue 12 item 1 makes the list per site; access stays public',
  }),
  'GET /api/payment/nonpurchasedbundles': user(),
  'GET /api/payment/nonpurchasedbundles/coupon/:code': user({ params: { code: 'FIRST20' } }),
  'GET /api/payment/purchasedbundles': user(),
  'GET /api/payment/suspendedPurchases': user(),
  'GET /api/payment/giftedbundles': user(),
  'GET /api/payment/purchasedbundlesIds': user(),
  'GET /v2/me/rentals': user(),
  'GET /api/payment/purchases/:id': owner({ id: 'purchaseA' }),
  'GET /api/payment/purchases/:id/calculateProration': owner(
    { id: 'purchaseA' },
    { query: { bundleId: 'annual' } },
  ),
  'PUT /api/payment/purchases/:id/method': owner({ id: 'purchaseA' }),
  'POST /api/payment/unsubscribe': {
    access: 'owner',
    body: { purchaseId: '$purchaseA' },
    why: "the purchase id is in the body; another user's is answered 404",
  },
  'GET /api/payment/billingHistory': user(),
  // Saved addresses (decision 0055): ids hash the owner, so another user's id is unknown to them
  'GET /v2/me/addresses': user(),
  'GET /v2/me/sites/:site/bundles/:id': siteUser({ params: { id: 'monthly' } }),
  'DELETE /v2/me/sites/:site/cached-purchases': siteUser(),
  'GET /v2/me/addresses-affected/:id': owner({ id: 'addressA' }),
  'PATCH /v2/me/addresses/update-address': {
    access: 'owner',
    body: {
      address: {
        _id: '$addressA',
        address1: '5 New St',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        countryCode: 'US',
      },
    },
    why: "the address id is in the body; another user's is answered 404",
  },
  // Gifs (decision 0047): made by a signed-in user of the site (the site is __site here), read by anyone
  'POST /api/gifs/video/:id': siteUser({ params: { id: 'v1' }, query: { __site: 'acme' } }),
  'GET /api/gifs/video/:id': pub({ params: { id: 'v1' } }),
  'GET /api/gifs/video/:id/count': pub({ params: { id: 'v1' } }),
  'GET /v2/sites/:site/videos/:id/gifs/:gifId': pub({ params: { id: 'v1', gifId: 'g_0123456789abcdef' } }),
  'GET /v2/sites/:site/gifs/:gifId': pub({ params: { gifId: 'g_0123456789abcdef' } }),
  'GET /v2/gifs/:gifId/:file': pub({ params: { gifId: 'g_0123456789abcdef', file: 'animation.gif' } }),
  // Moments (decision 0048): added by a signed-in user of the site, read by anyone
  'POST /api/moments/:channel/none': siteUser({
    params: { channel: 'news' },
    query: { __site: 'acme' },
    body: { timemarker: 1, tag: 'Nice', videoId: 'v1' },
  }),
  'GET /v2/sites/:site/videos/:id/moments': pub({ params: { id: 'v1' } }),
  'GET /v2/sites/:site/moments/:id/count': pub({ params: { id: 'v1' } }),
  'GET /v2/sites/:site/videos/:id/moments/:momentId': pub({
    params: { id: 'v1', momentId: 'm_0123456789abcdef' },
  }),
  'GET /v1/video/uid/:uid/info': pub({ params: { uid: 'v1' } }),
  'GET /v1/video/uid/:uid/channel/:channel': pub({ params: { uid: 'v1', channel: 'news' } }),
  // Reports and moderation (decision 0054): a viewer of the site reports; staff, support and admin moderate
  'POST /v2/sites/:site/reports': siteUser({
    body: { kind: 'moment', itemId: 'm_0123456789abcdef', reason: 'spam' },
    why: 'any viewer of the site may report (no such moment here, so theirs answer 404)',
  }),
  'GET /v2/sites/:site/moderation/reports': siteUser({
    expect: { userA: 403, userB: 403 },
    why: 'only staff, support and admin (content.moderate) see the reports',
  }),
  ...Object.fromEntries(
    ['hide', 'unhide', 'dismiss'].map((action) => [
      `POST /v2/sites/:site/moderation/:kind/:itemId/${action}`,
      siteUser({
        params: { kind: 'moment', itemId: 'm_0123456789abcdef' },
        expect: { userA: 403, userB: 403 },
        why: `only staff, support and admin may ${action} (theirs then answer 404: no such moment)`,
      }),
    ]),
  ),
  // Sharing (decision 0049): short links for anyone; their counts for the admins
  'POST /v2/sites/:site/short-links': pub({ body: { path: '/channel/news/v1' } }),
  'POST /api/scrape/facebook': siteUser({
    query: { __site: 'acme' },
    body: { url: 'https://elsewhere.example/page' },
    why: 'the site is __site; another host is a 400 after the site check (no app token in the matrix)',
  }),
  'GET /v2/sites/:site/short-links/:code': admin({ params: { code: 'shortLink' } }),
  'GET /s/:code': pub({ params: { code: 'abcdefg' } }),
  'GET /s/:code/:slug': pub({ params: { code: 'abcdefg', slug: 'the-big-show' } }),
  'PATCH /v2/me/preferences': user({ body: { autoPlay: true } }),
  'POST /api/payment/subscribe': user(),
  'GET /api/payment/method/get/:gateway': user({ params: { gateway: 'test' } }),
  'POST /api/payment/method/create/:gateway': user({ params: { gateway: 'test' } }),
  'PUT /api/payment/method/default/:gateway/:id': owner({ gateway: 'test', id: 'methodA' }),
  'DELETE /api/payment/method/remove/:gateway/:id': owner({ gateway: 'test', id: 'methodA' }),
  'POST /api/payment/gift': user(),
  'POST /api/payment/redeem-gift/:id': user(),
  'GET /v2/sites/:site/tip-jar': pub(),
  'POST /api/donation/subscribe': user(),
  'GET /api/donation/subscriptions': user(),
  'POST /api/payment/purchases/:id/upgrade-purchase': owner(
    { id: 'purchaseA' },
    { body: { bundleId: 'annual' } },
  ),
  'GET /api/payment/subscriptionRequiresUpgrade/:id': owner({ id: 'purchaseA' }),
  'GET /v2/country-codes': pub(),
  'POST /v2/sites/:site/platform/:platform/video/:id/getPurchaseLink': pub({
    params: { platform: 'web', id: 'v1' },
  }),
  'POST /api/payment/webhooks/stripe': pub({
    why: 'authenticated by the gateway signature, not a user',
    unlimited: 'signed by the gateway, which retries what is refused',
  }),
  'POST /api/payment/webhooks/paypal': pub({
    why: 'authenticated by the gateway signature, not a user',
    unlimited: 'signed by the gateway, which retries what is refused',
  }),
  'POST /api/payment/paypal/confirm/:id': user({
    why: 'no PayPal order in the fixture: an unknown id is 404 to every user',
  }),
  'POST /api/payment/paypal/cancel/:id': user({
    why: 'no PayPal order in the fixture: an unknown id is 404 to every user',
  }),
  'POST /api/payment/paypal-sub/confirm/:id': user({
    why: 'no PayPal order in the fixture: an unknown id is 404 to every user',
  }),
  'POST /api/payment/paypal-sub/cancel/:id': user({
    why: 'no PayPal order in the fixture: an unknown id is 404 to every user',
  }),
  'POST /paypal-sub/confirm/:id': user({
    why: "the spec's path for POST /api/payment/paypal-sub/confirm/:id (decision 0057): its handler",
  }),
  'POST /paypal-sub/cancel/:id': user({
    why: "the spec's path for POST /api/payment/paypal-sub/cancel/:id (decision 0057): its handler",
  }),
};
