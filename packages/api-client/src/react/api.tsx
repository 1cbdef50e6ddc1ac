import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../client';

const ApiContext = createContext<ApiClient | null>(null);

/** The API client the shared hooks call (the web has one; a TV one per platform type). */
export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiProvider');
  return api;
}
