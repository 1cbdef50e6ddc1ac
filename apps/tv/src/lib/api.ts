import { createContext, useContext } from 'react';
import { createApiClient, readSiteUid, type ApiClient } from '@marquee/api-client';
import { getSession } from './session';

/** The site this TV app belongs to (meta tag, else ?__site, else 'demo'). */
export const siteUid = readSiteUid();

const clients = new Map<string, ApiClient>();

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

export const ApiContext = createContext<ApiClient>(apiFor('generic'));

/** The API client of the current TV type. */
export function useApi(): ApiClient {
  return useContext(ApiContext);
}
