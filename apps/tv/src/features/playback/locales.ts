import { AGE_GATE_MESSAGES } from '@marquee/domain';
import type { Messages } from '@marquee/i18n';

/** The full-screen player (namespace `playback`). */
export const en = {
  unavailable: 'Playback unavailable',
  pressBack: 'Press Back to return',
  purchase: {
    scan: 'Scan the code with your phone, or go to:',
    waiting: 'The video starts here as soon as you have bought it.',
    loading: 'Getting the purchase link…',
    failed: 'The purchase link could not be loaded. Buy this video on the website, then play it again.',
  },
  live: 'Live',
  paused: 'Paused',
  pressForSound: 'Press any key for sound',
  pressExit: 'Press Back to exit',
  zapHint: 'Up/Down: change channel ({{count}} channels)',
  pressDownForChat: 'Press Down for the live chat',
  tracks: {
    cc: 'CC',
    audio: 'Audio',
    off: 'Off',
    captionsTitle: 'Captions',
    audioTitle: 'Audio language',
  },
  ads: {
    label: 'Ad',
    left_one: '{{count}} second',
    left_other: '{{count}} seconds',
    skip: 'Skip ad',
    skipIn_one: 'Skip in {{count}} second',
    skipIn_other: 'Skip in {{count}} seconds',
  },
  ageGate: {
    title: 'Enter your birth date',
    intro: 'This video has an age restriction. Use Up and Down to enter your date of birth.',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    cancel: 'Cancel',
    submit: 'Submit',
    allRequired: AGE_GATE_MESSAGES.allRequired,
    saveFailed: AGE_GATE_MESSAGES.saveFailed,
    restrictedTitle: 'Age restricted',
    tooYoung: AGE_GATE_MESSAGES.tooYoung,
  },
};

export const es: Messages<typeof en> = {
  unavailable: 'Reproducción no disponible',
  pressBack: 'Pulsa Atrás para volver',
  purchase: {
    scan: 'Escanea el código con tu teléfono o visita:',
    waiting: 'El vídeo empieza aquí en cuanto lo hayas comprado.',
    loading: 'Obteniendo el enlace de compra…',
    failed:
      'No se pudo cargar el enlace de compra. Compra este vídeo en el sitio web y vuelve a reproducirlo.',
  },
  live: 'En directo',
  paused: 'En pausa',
  pressForSound: 'Pulsa cualquier tecla para activar el sonido',
  pressExit: 'Pulsa Atrás para salir',
  zapHint: 'Arriba/Abajo: cambiar de canal ({{count}} canales)',
  pressDownForChat: 'Pulsa Abajo para ver el chat en directo',
  tracks: {
    cc: 'CC',
    audio: 'Audio',
    off: 'Desactivados',
    captionsTitle: 'Subtítulos',
    audioTitle: 'Idioma del audio',
  },
  ads: {
    label: 'Anuncio',
    left_one: '{{count}} segundo',
    left_other: '{{count}} segundos',
    skip: 'Saltar anuncio',
    skipIn_one: 'Saltar en {{count}} segundo',
    skipIn_other: 'Saltar en {{count}} segundos',
  },
  ageGate: {
    title: 'Indica tu fecha de nacimiento',
    intro:
      'Este vídeo tiene una restricción de edad. Usa Arriba y Abajo para indicar tu fecha de nacimiento.',
    year: 'Año',
    month: 'Mes',
    day: 'Día',
    cancel: 'Cancelar',
    submit: 'Enviar',
    allRequired: 'Todos los campos son obligatorios',
    saveFailed: 'Error al procesar la fecha de nacimiento',
    restrictedTitle: 'Restricción de edad',
    tooYoung: '¡Lo sentimos! No cumples el requisito de edad mínima para continuar.',
  },
};
