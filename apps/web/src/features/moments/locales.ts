import type { Messages } from '@marquee/i18n';

/** Moments, the Comments tab (namespace `moments`; discovery-and-site §5, §8, §9). */
export const en = {
  time: 'Time (seconds or h:m:s)',
  badTime: 'Type the time as seconds or h:m:s.',
  tag: 'Comment',
  add: 'Add comment',
  failed: 'We could not add your comment. Please try again.',
  login: 'Log in',
  loading: 'Loading comments…',
  error: "We couldn't load the comments.",
  empty: 'No comments between {{from}} and {{to}} yet.',
  seek: 'Go to {{time}}',
  more_one: 'Show {{count}} more',
  more_other: 'Show {{count}} more',
  marker_one: '{{count}} comment at {{time}}',
  marker_other: '{{count}} comments at {{time}}',
  share: 'Share',
  shareMoment: 'Share the moment at {{time}}',
};

export const es: Messages<typeof en> = {
  time: 'Tiempo (segundos o h:m:s)',
  badTime: 'Escribe el tiempo en segundos o h:m:s.',
  tag: 'Comentario',
  add: 'Añadir comentario',
  failed: 'No pudimos añadir tu comentario. Inténtalo de nuevo.',
  login: 'Iniciar sesión',
  loading: 'Cargando comentarios…',
  error: 'No pudimos cargar los comentarios.',
  empty: 'Aún no hay comentarios entre {{from}} y {{to}}.',
  seek: 'Ir a {{time}}',
  more_one: 'Mostrar {{count}} más',
  more_other: 'Mostrar {{count}} más',
  marker_one: '{{count}} comentario en {{time}}',
  marker_other: '{{count}} comentarios en {{time}}',
  share: 'Compartir',
  shareMoment: 'Compartir el momento en {{time}}',
};
