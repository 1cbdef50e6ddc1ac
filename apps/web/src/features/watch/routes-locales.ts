import { OWNER_PAID_NOTICE, OWNER_PRIVATE_NOTICE, RIGHT_MENU_TAB_LABELS } from '@marquee/domain';
import type { Messages } from '@marquee/i18n';

/**
 * Watch routes, right-menu tabs and embed (namespace `watchRoutes`, decision 0028; the share panel's
 * texts are in `common`). Spec texts (tab labels, the owner notices, 'Missing channel id') are the
 * English values.
 */
export const en = {
  tabs: {
    label: 'Video panels',
    more: 'More',
    info: RIGHT_MENU_TAB_LABELS.info,
    comments: RIGHT_MENU_TAB_LABELS.comments,
    gifs: RIGHT_MENU_TAB_LABELS.gifs,
    queue: RIGHT_MENU_TAB_LABELS.queue,
    share: RIGHT_MENU_TAB_LABELS.share,
    chat: RIGHT_MENU_TAB_LABELS.chat,
    watchParty: RIGHT_MENU_TAB_LABELS.watchParty,
  },
  info: {
    published: 'Published {{date}}',
    publishedAgo: 'Published {{ago}}',
    views_one: '{{count}} view',
    views_other: '{{count}} views',
    season: 'Season {{season}}, episode {{episode}}',
    tags: 'Tags',
    noDescription: 'No description.',
  },
  notices: {
    ownerPrivate: OWNER_PRIVATE_NOTICE,
    ownerPaid: OWNER_PAID_NOTICE,
    subscribe: 'Subscribe',
    preorder: 'Pre-order',
    login: 'Log in',
    passcode: 'I have a passcode',
    previewEnded: 'The preview has ended',
    previewEndedText: 'Subscribe to keep watching.',
    redirecting: 'Taking you to log in…',
  },
  embed: {
    upNext: 'Up Next',
    info: 'Info',
    share: 'Share',
    close: 'Close',
    watchOnSite: 'Watch on {{site}}',
  },
  errors: {
    'Missing channel id': 'Missing channel id',
    'Missing playlist id': 'Missing playlist id',
    'Missing video id': 'Missing video id',
    'Missing movie id': 'Missing movie id',
    'Missing series id': 'Missing series id',
    title: "We couldn't open this video",
  },
};

export const es: Messages<typeof en> = {
  tabs: {
    label: 'Paneles del vídeo',
    more: 'Más',
    info: 'Información',
    comments: 'Comentarios',
    gifs: 'Gifs',
    queue: 'Cola',
    share: 'Compartir',
    chat: 'Chat',
    watchParty: 'Watch Party',
  },
  info: {
    published: 'Publicado el {{date}}',
    publishedAgo: 'Publicado {{ago}}',
    views_one: '{{count}} visualización',
    views_other: '{{count}} visualizaciones',
    season: 'Temporada {{season}}, episodio {{episode}}',
    tags: 'Etiquetas',
    noDescription: 'Sin descripción.',
  },
  notices: {
    ownerPrivate: 'NOTA: Este vídeo es privado. Puedes verlo porque eres su propietario.',
    ownerPaid: 'NOTA: Este vídeo es de pago. Puedes verlo gratis porque eres su propietario.',
    subscribe: 'Suscribirse',
    preorder: 'Reservar',
    login: 'Iniciar sesión',
    passcode: 'Tengo un código de acceso',
    previewEnded: 'La vista previa ha terminado',
    previewEndedText: 'Suscríbete para seguir viendo.',
    redirecting: 'Te llevamos a iniciar sesión…',
  },
  embed: {
    upNext: 'A continuación',
    info: 'Información',
    share: 'Compartir',
    close: 'Cerrar',
    watchOnSite: 'Ver en {{site}}',
  },
  errors: {
    'Missing channel id': 'Falta el id del canal',
    'Missing playlist id': 'Falta el id de la lista',
    'Missing video id': 'Falta el id del vídeo',
    'Missing movie id': 'Falta el id de la película',
    'Missing series id': 'Falta el id de la serie',
    title: 'No pudimos abrir este vídeo',
  },
};
