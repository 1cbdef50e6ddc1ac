import { createApiClient, readSiteUid, type ApiClient, type ViewerSession } from '@marquee/api-client';
import { createTvSession, getSession } from './session';

/** The site this TV app belongs to (meta tag, else ?__site, else 'demo'). */
export const siteUid = readSiteUid();

const clients = new Map<string, ApiClient>();
const sessions = new Map<string, ViewerSession>();

/** One client per TV type: `__source` is the type (playback-and-social §7). */
export function apiFor(type: string): ApiClient {
  let client = clients.get(type);
  if (!client) {
    client = createApiClient({
      baseUrl: '',
      site: siteUid,
      source: type,
      getToken: () => getSession()?.accessToken ?? null,
    });
    clients.set(type, client);
  }
  return client;
}

/** The session as a TV type sees it: refreshed and revoked through that type's client. */
export function sessionFor(type: string): ViewerSession {
  let session = sessions.get(type);
  if (!session) {
    session = createTvSession(apiFor(type));
    sessions.set(type, session);
  }
  return session;
}
