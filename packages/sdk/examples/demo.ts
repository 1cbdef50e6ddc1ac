/**
 * The SDK against a local server with the demo site (`npm start`, then
 * `npx tsx packages/sdk/examples/demo.ts [http://localhost:3000]`): a public read, a 400 naming its
 * field, then a login and the viewer's own reads with the bearer token.
 */
import { createMarqueeClient, type Schemas } from '@marquee/sdk';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const site = 'demo';

const api = createMarqueeClient({ baseUrl });

// Public: no token.
const channels = await api.GET('/v2/sites/{site}/channels', { params: { path: { site } } });
if (channels.error) throw new Error(channels.error.error.message);
for (const channel of channels.data.items) console.log(`channel ${channel.id}: ${channel.name}`);

// Bad input answers { error: { code, message, field } }.
const bad = await api.GET('/v2/sites/{site}/channels', {
  params: { path: { site }, query: { pageSize: 0 } },
});
console.log(`pageSize 0 → ${bad.response.status} ${bad.error?.error.code} (field ${bad.error?.error.field})`);

// Signed in: log in, then send the access token as a bearer token.
const login = await api.POST('/v2/me/auth/login', {
  body: { email: 'viewer@marquee.test', password: 'marquee-viewer', site },
});
if (login.error) throw new Error(`login: ${login.error.error.message}`);
const me = createMarqueeClient({ baseUrl, accessToken: login.data.token });

const info = await me.GET('/v2/me/info');
console.log(`signed in as ${info.data?.email}`);

const list = await me.GET('/v2/me/sites/{site}/watch-list', { params: { path: { site } } });
const items: Schemas['WatchListItem'][] = list.data?.items ?? [];
console.log(`watch list: ${items.length} item(s)`);
