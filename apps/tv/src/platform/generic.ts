import type { Platform } from './types';

/** A desktop browser or an unknown TV browser: Escape and Backspace go back, media keys work. */
export const generic: Platform = {
  type: 'generic',
  label: 'Generic',
  keys: {
    27: 'back',
    8: 'back',
    32: 'playPause',
    179: 'playPause',
    178: 'stop',
    227: 'rewind',
    228: 'fastForward',
  },
};
