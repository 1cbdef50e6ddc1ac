import type { Messages } from '@marquee/i18n';

/** The TV's read-only live chat (namespace `chat`). */
export const en = {
  title: 'Live chat',
  empty: 'No messages yet',
  error: 'The chat is not available right now',
  readOnly: 'Chat from your phone or computer. Press Down to hide.',
};

export const es: Messages<typeof en> = {
  title: 'Chat en directo',
  empty: 'Aún no hay mensajes',
  error: 'El chat no está disponible ahora',
  readOnly: 'Escribe desde tu móvil u ordenador. Pulsa Abajo para ocultarlo.',
};
