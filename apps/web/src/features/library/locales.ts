import type { Messages } from '@marquee/i18n';

/** The viewer's library (namespace `library`; accounts-and-commerce §2 /library). */
export const en = {
  title: 'Library',
  /** The tablist's name. */
  tabs: 'Library sections',
  movies: 'Movies',
  series: 'Series',
  loading: 'Loading your library…',
  empty: 'Nothing in your library yet',
  subscribe: 'Subscribe',
  loadError: "We couldn't load your library.",
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  count_one: '{{count}} title',
  count_other: '{{count}} titles',
};

export const es: Messages<typeof en> = {
  title: 'Biblioteca',
  tabs: 'Secciones de la biblioteca',
  movies: 'Películas',
  series: 'Series',
  loading: 'Cargando tu biblioteca…',
  empty: 'Todavía no hay nada en tu biblioteca',
  subscribe: 'Suscribirse',
  loadError: 'No pudimos cargar tu biblioteca.',
  loadMore: 'Cargar más',
  loadingMore: 'Cargando…',
  count_one: '{{count}} título',
  count_other: '{{count}} títulos',
};
