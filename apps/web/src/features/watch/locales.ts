import { AGE_GATE_MESSAGES } from '@marquee/domain';
import type { Messages } from '../../lib/i18n';

/** The watch screen (namespace `watch`). The age gate's three messages are the spec's (§8 "Age"). */
export const en = {
  loadError: "We couldn't load this video",
  loading: 'Loading video',
  live: {
    loadError: "We couldn't load the live channels",
    empty: 'No live channels',
    loading: 'Loading channel',
    title: 'Live',
    badge: 'Live',
    nextAt: 'Next at {{time}}: {{title}}',
    channels: 'Channels',
    channelsNav: 'Live channels',
  },
  ageGate: {
    title: 'Enter your birth date',
    intro: 'This video has an age restriction. Please enter your date of birth to continue.',
    legend: 'Date of birth',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    cancel: 'Cancel',
    submit: 'Submit',
    submitting: 'Submitting…',
    allRequired: AGE_GATE_MESSAGES.allRequired,
    saveFailed: AGE_GATE_MESSAGES.saveFailed,
    restrictedTitle: 'Age restricted',
    tooYoung: AGE_GATE_MESSAGES.tooYoung,
    back: 'Go back',
  },
};

export const es: Messages<typeof en> = {
  loadError: 'No pudimos cargar este vídeo',
  loading: 'Cargando vídeo',
  live: {
    loadError: 'No pudimos cargar los canales en directo',
    empty: 'No hay canales en directo',
    loading: 'Cargando canal',
    title: 'En directo',
    badge: 'En directo',
    nextAt: 'A las {{time}}: {{title}}',
    channels: 'Canales',
    channelsNav: 'Canales en directo',
  },
  ageGate: {
    title: 'Indica tu fecha de nacimiento',
    intro: 'Este vídeo tiene una restricción de edad. Indica tu fecha de nacimiento para continuar.',
    legend: 'Fecha de nacimiento',
    year: 'Año',
    month: 'Mes',
    day: 'Día',
    cancel: 'Cancelar',
    submit: 'Enviar',
    submitting: 'Enviando…',
    allRequired: 'Todos los campos son obligatorios',
    saveFailed: 'Error al procesar la fecha de nacimiento',
    restrictedTitle: 'Restricción de edad',
    tooYoung: '¡Lo sentimos! No cumples el requisito de edad mínima para continuar.',
    back: 'Volver',
  },
};
