import { decodeStoredDob, encodeStoredDob } from './age-gate';

/**
 * The localStorage key of the birth date an anonymous viewer gave the age gate (playback-and-social
 * §4.2: "kept in local storage as YYYYMMDD"). One per device, not per site: it is the viewer's date.
 */
export const DOB_STORAGE_KEY = 'marquee.dob';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored birth date as numeric YYYYMMDD; null when absent, garbled or storage is unavailable. */
export function readStoredDob(store: KeyValueStore | undefined): number | null {
  try {
    return decodeStoredDob(store?.getItem(DOB_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Stores the date as YYYYMMDD (storage failures only lose the memory: the gate asks again next time). */
export function storeDob(store: KeyValueStore | undefined, dob: number): void {
  try {
    store?.setItem(DOB_STORAGE_KEY, encodeStoredDob(dob));
  } catch {
    // Private mode or a full quota.
  }
}
