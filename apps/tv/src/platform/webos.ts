import type { Platform } from './types';

/** LG webOS: Back is 461; the media keys arrive without registration. */
export const webos: Platform = {
  type: 'webos',
  label: 'LG webOS',
  keys: {
    461: 'back',
    27: 'back',
    415: 'play',
    19: 'pause',
    413: 'stop',
    412: 'rewind',
    417: 'fastForward',
  },
};
