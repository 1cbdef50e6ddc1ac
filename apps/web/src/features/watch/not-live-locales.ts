import type { Messages } from '@marquee/i18n';

/** The not-live screen (namespace `notLive`, playback-and-social §4.7); spec texts are the English values. */
export const en = {
  upcoming: 'Upcoming live event',
  notStarted: 'Not Started',
  startsAt: 'Starts {{when}}',
  startsIn: 'Starts in {{time}}',
  countdown: 'Time till the start',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
  hours_one: '{{count}} hour',
  hours_other: '{{count}} hours',
  minutes_one: '{{count}} minute',
  minutes_other: '{{count}} minutes',
  starting: 'Starting…',
  endedTitle: 'This live event has ended',
  endedText: 'Thanks for watching.',
  loadError: "We couldn't load this live event",
  back: 'Back',
};

export const es: Messages<typeof en> = {
  upcoming: 'Próximo evento en directo',
  notStarted: 'Sin empezar',
  startsAt: 'Empieza {{when}}',
  startsIn: 'Empieza en {{time}}',
  countdown: 'Tiempo hasta el inicio',
  days_one: '{{count}} día',
  days_other: '{{count}} días',
  hours_one: '{{count}} hora',
  hours_other: '{{count}} horas',
  minutes_one: '{{count}} minuto',
  minutes_other: '{{count}} minutos',
  starting: 'Empezando…',
  endedTitle: 'Este evento en directo ha terminado',
  endedText: 'Gracias por verlo.',
  loadError: 'No pudimos cargar este evento en directo',
  back: 'Volver',
};
