import type { Messages } from '@marquee/i18n';

/** Strings every TV screen shares (namespace `common`). Features keep their own namespaces. */
export const en = {
  discover: 'Discover',
  menu: 'Menu',
  profile: 'Profile',
  signIn: 'Sign in',
  mainNav: 'Main',
  loading: 'Loading…',
  tryAgain: 'Try again',
  back: 'Back',
  siteLoadError: "We couldn't load this site",
  pageLoadError: "We couldn't load this page",
  nothingToWatch: 'Nothing to watch yet',
  networkOffline: 'Network offline',
  networkReconnected: 'Network reconnected',
  deepLinkError: 'There was an error processing your request. . .',
  exitTitle: 'Exit {{name}}?',
  exitStay: 'Stay',
  exitLeave: 'Exit',
};

export const es: Messages<typeof en> = {
  discover: 'Descubrir',
  menu: 'Menú',
  profile: 'Perfil',
  signIn: 'Iniciar sesión',
  mainNav: 'Principal',
  loading: 'Cargando…',
  tryAgain: 'Reintentar',
  back: 'Volver',
  siteLoadError: 'No pudimos cargar este sitio',
  pageLoadError: 'No pudimos cargar esta página',
  nothingToWatch: 'Todavía no hay nada para ver',
  networkOffline: 'Sin conexión de red',
  networkReconnected: 'Red reconectada',
  deepLinkError: 'Hubo un error al procesar tu solicitud. . .',
  exitTitle: '¿Salir de {{name}}?',
  exitStay: 'Quedarme',
  exitLeave: 'Salir',
};
