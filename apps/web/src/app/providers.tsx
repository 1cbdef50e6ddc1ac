import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { shouldRetry } from '@marquee/api-client';
import { useState, type ReactNode } from 'react';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** App-wide providers (data cache). The router sits inside them. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
