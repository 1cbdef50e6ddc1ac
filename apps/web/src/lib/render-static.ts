// For component tests (no DOM here): i18next set up with the given namespaces, and a session that
// holds a fixed viewer, so a screen renders to markup with react-dom/server.
import type { User } from '@marquee/contract';
import type { ViewerSession } from '@marquee/api-client';
import { SessionProvider } from '@marquee/api-client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';

/** i18next with these resources, English first, synchronously ready. */
export async function initTestI18n(resources: Resource): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

/** A session that never changes: signed in as `user`, or anonymous (a server render never starts it). */
export function fixedSession(user: User | null): ViewerSession {
  const snapshot = { user, status: user ? 'signedIn' : 'anonymous', connecting: false };
  return {
    subscribe: () => () => {},
    getSnapshot: () => snapshot,
    start: () => () => {},
    signIn: async () => {},
    signOut: async () => {},
    refreshUser: async () => {},
    track: <R>(call: Promise<R>) => call,
  } as unknown as ViewerSession;
}

/**
 * A screen rendered to markup inside the app's providers: a query client (seed it with
 * `setQueryData` for data the screen reads), a fixed session for `user` (anonymous by default) and a
 * router at `url`.
 */
export function renderScreen(
  screen: ReactElement,
  {
    client = new QueryClient(),
    user = null,
    url = '/',
  }: { client?: QueryClient; user?: User | null; url?: string } = {},
): string {
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(SessionProvider, {
        session: fixedSession(user),
        children: createElement(MemoryRouter, { initialEntries: [url] }, screen),
      }),
    ),
  );
}
