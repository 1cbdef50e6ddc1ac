import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { shouldRetry } from '@marquee/api-client';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../lib/toast';

/** App-wide providers: data cache and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
