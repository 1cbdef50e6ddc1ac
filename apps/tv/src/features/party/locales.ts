import { PARTY_MESSAGES, PARTY_STATE_LABELS } from '@marquee/domain';
import type { Messages } from '@marquee/i18n';

/** The TV's watch party screens (namespace `party`); §8 messages word for word in English. */
export const en = {
  joinTitle: 'Join a party',
  joinHint: 'Enter the code shown in the party’s share panel. Back deletes; Back on an empty code leaves.',
  codeLabel: 'Party code',
  delete: 'Delete',
  keys: 'Code keys',
  looking: 'Looking for the party…',
  invalid: PARTY_MESSAGES.invalid,
  expired: PARTY_MESSAGES.expired,
  unavailable: PARTY_MESSAGES.unavailable,
  ended: PARTY_STATE_LABELS.ended,
  failed: PARTY_MESSAGES.createFailed,
  signInTitle: 'Sign in to join a party',
  signIn: 'Sign in',
  waiting: 'Waiting for the host to start the party…',
  following: 'Watch Party · following {{host}}',
  pressBack: 'Press Back to leave the party',
  desync: PARTY_MESSAGES.desync,
};

export const es: Messages<typeof en> = {
  joinTitle: 'Unirse a una fiesta',
  joinHint: 'Introduce el código del panel para compartir de la fiesta. Atrás borra; Atrás sin código sale.',
  codeLabel: 'Código de la fiesta',
  delete: 'Borrar',
  keys: 'Teclas del código',
  looking: 'Buscando la fiesta…',
  invalid: 'Watch Party no válida',
  expired: 'La sesión ha caducado o no es válida',
  unavailable: 'Watch Party no está disponible en este sitio.',
  ended: 'Esta Watch Party ha terminado',
  failed: 'Hubo un problema al procesar tu solicitud.',
  signInTitle: 'Inicia sesión para unirte a una fiesta',
  signIn: 'Iniciar sesión',
  waiting: 'Esperando a que el anfitrión empiece la fiesta…',
  following: 'Watch Party · siguiendo a {{host}}',
  pressBack: 'Pulsa Atrás para salir de la fiesta',
  desync: 'Has perdido la sincronización con el anfitrión.',
};
