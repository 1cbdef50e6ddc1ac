import type { Messages } from '@marquee/i18n';

/** The TV menu (namespace `menu`). */
export const en = {
  liveChannels: 'Live channels',
  joinParty: 'Join a party',
};

export const es: Messages<typeof en> = {
  liveChannels: 'Canales en directo',
  joinParty: 'Unirse a una fiesta',
};
