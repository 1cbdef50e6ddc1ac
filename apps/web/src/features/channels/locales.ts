import type { Messages } from '@marquee/i18n';

/** Channel details pages (namespace `channels`). */
export const en = {
  watchList: 'My List',
  dynamic: {
    popular: 'Popular {{by}}',
    recent: 'Recent {{by}}',
    recommended: 'Recommended {{by}}',
  },
  by: { movies: 'movies', series: 'episodes', videos: 'videos', all: 'titles' },
  count_one: '{{count}} title',
  count_other: '{{count}} titles',
  loadMore: 'Load more',
  loading: 'Loading',
  loadingMore: 'Loading more…',
  empty: 'Nothing here yet.',
  watchListEmpty: 'Your list is empty. Add movies and series to watch them later.',
  notFound: 'This channel does not exist',
  loadError: "We couldn't load this channel",
  watchListSignIn: 'Sign in to see your list',
  watchListSignInBody: 'Save movies and series to watch later.',
  signIn: 'Sign in',
};

export const es: Messages<typeof en> = {
  watchList: 'Mi lista',
  dynamic: {
    popular: '{{by}} populares',
    recent: '{{by}} recientes',
    recommended: '{{by}} recomendados',
  },
  by: { movies: 'Películas', series: 'Episodios', videos: 'Vídeos', all: 'Títulos' },
  count_one: '{{count}} título',
  count_other: '{{count}} títulos',
  loadMore: 'Cargar más',
  loading: 'Cargando',
  loadingMore: 'Cargando más…',
  empty: 'Todavía no hay nada aquí.',
  watchListEmpty: 'Tu lista está vacía. Añade películas y series para verlas después.',
  notFound: 'Este canal no existe',
  loadError: 'No pudimos cargar este canal',
  watchListSignIn: 'Inicia sesión para ver tu lista',
  watchListSignInBody: 'Guarda películas y series para verlas después.',
  signIn: 'Iniciar sesión',
};
