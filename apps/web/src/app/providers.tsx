import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@marquee/api-client';
import { useState, type ReactNode } from 'react';
import { ApiProvider, SessionProvider } from '@marquee/api-client/react';
import { api } from '../lib/api';
import { createWebSession } from '../lib/session';
import { prefetchFirstScreen, seedFromBootstrap } from './bootstrap';
import { loadWatchRoute } from './router';

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
