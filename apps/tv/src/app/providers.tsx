import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@marquee/api-client';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../lib/toast';

/** App-wide providers: data cache and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
