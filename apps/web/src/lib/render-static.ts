// For component tests (no DOM here): i18next set up with the given namespaces, and a session that
// holds a fixed viewer, so a screen renders to markup with react-dom/server.
import type { User } from '@marquee/contract';
import type { ApiClient, ViewerSession } from '@marquee/api-client';
import { ApiProvider, SessionProvider } from '@marquee/api-client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { initReactI18next } from 'react-i18next';

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
 * `element` rendered to markup inside what app screens expect around them: a router at `path`, a
 * query client (a fresh one, or `client` with answers already cached), a fixed session for `user`
 * (anonymous by default), and the API client when one is given (for hooks that call `useApi`).
 */
export function renderInApp(
  element: ReactElement,
  options: { path?: string; api?: ApiClient; client?: QueryClient; user?: User | null } = {},
): string {
  const withApi = options.api ? createElement(ApiProvider, { api: options.api, children: element }) : element;
  const withSession = createElement(SessionProvider, {
    session: fixedSession(options.user ?? null),
    children: withApi,
  });
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: [options.path ?? '/'] },
      createElement(QueryClientProvider, { client: options.client ?? new QueryClient() }, withSession),
    ),
  );
}
