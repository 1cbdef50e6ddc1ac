import type { Messages } from '../lib/i18n';

/** Strings shared by every screen (namespace `common`). Features keep their own namespaces. */
export const en = {
  skipToContent: 'Skip to content',
  home: 'Home',
  liveTv: 'Live TV',
  retry: 'Try again',
  loading: 'Loading…',
  language: 'Language',
  siteLoadError: "We couldn't load this site",
  nothingToWatch: 'Nothing to watch yet',
  notFound: 'Page not found',
  goHome: 'Go to the home page',
  pageLoadError: "We couldn't load this page",
  routeError: 'Something went wrong',
  routeErrorBody: 'Uh-oh, something went wrong! Please try again',
  myAccount: 'My account',
  changeEmail: 'Change e-mail',
};

export const es: Messages<typeof en> = {
  skipToContent: 'Saltar al contenido',
  home: 'Inicio',
  liveTv: 'TV en directo',
  retry: 'Reintentar',
  loading: 'Cargando…',
  language: 'Idioma',
  siteLoadError: 'No pudimos cargar este sitio',
  nothingToWatch: 'Todavía no hay nada que ver',
  notFound: 'Página no encontrada',
  goHome: 'Ir a la página de inicio',
  pageLoadError: 'No pudimos cargar esta página',
  routeError: 'Algo salió mal',
  routeErrorBody: '¡Vaya! Algo salió mal. Inténtalo de nuevo',
  myAccount: 'Mi cuenta',
  changeEmail: 'Cambiar correo electrónico',
};
