import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { shouldRetry } from '@marquee/api-client';
import { useState, type ReactNode } from 'react';
import { ApiProvider, SessionProvider } from '@marquee/api-client/react';
import { api } from '../lib/api';
import { createWebSession } from '../lib/session';
import { prefetchFirstScreen, seedFromBootstrap } from './bootstrap';
import { loadWatchRoute } from './router';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** App-wide providers (data cache, API client, session). The router sits inside them. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const queryClient = createQueryClient();
    seedFromBootstrap(queryClient);
    if (prefetchFirstScreen(queryClient)) void loadWatchRoute();
    return queryClient;
  });
  const [session] = useState(createWebSession);
  return (
    <QueryClientProvider client={client}>
      <ApiProvider api={api}>
        <SessionProvider session={session}>{children}</SessionProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
