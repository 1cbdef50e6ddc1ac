import type { Messages } from '@marquee/i18n';

/** The live events list (namespace `liveEvents`); spec texts are the English values. */
export const en = {
  title: 'Live events',
  today: 'Today',
  notStarted: 'Not Started',
  now: 'NOW',
  live: 'Live',
  upcoming: 'Upcoming',
  empty: 'No live events scheduled',
  loadError: "We couldn't load the live events",
  startsAt: 'Starts {{when}}',
};

export const es: Messages<typeof en> = {
  title: 'Eventos en directo',
  today: 'Hoy',
  notStarted: 'Sin empezar',
  now: 'AHORA',
  live: 'En directo',
  upcoming: 'Próximamente',
  empty: 'No hay eventos en directo programados',
  loadError: 'No pudimos cargar los eventos en directo',
  startsAt: 'Empieza {{when}}',
};
