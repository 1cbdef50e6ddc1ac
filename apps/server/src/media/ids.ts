import { randomBytes, randomInt } from 'node:crypto';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A media asset id: 'a_' and 16 hex digits. Also the asset's folder name under mediaDir. */
export const newAssetId = () => `a_${randomBytes(8).toString('hex')}`;

/** A video uid: 12 random lowercase letters and digits. */
export const newVideoUid = () => Array.from({ length: 12 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** A job id: 'j_' and 16 hex digits. */
export const newJobId = () => `j_${randomBytes(8).toString('hex')}`;
