import { useCallback, useState } from 'react';
import { checkAgeGate, readStoredDob, storeDob, type AgeGateState } from '@marquee/domain';

export interface DobGate {
  /** `pending` until the video, the viewer and the site's flags are known; the player waits for it. */
  state: AgeGateState | 'pending';
  /** Records the date; resolves false when saving it to the account failed. */
  submit: (dob: number) => Promise<boolean>;
}

const storage = () => globalThis.localStorage as Storage | undefined;

/**
 * The age gate's rule, shared by web and TV (playback-and-social §4.2; decision 0022): with the site's
 * `ageGate` flag on and a minimum age, the viewer's date decides. On the account (`onAccount`) the
 * date is the account's and one entered is saved there (`saveToAccount`); otherwise it is kept in
 * localStorage as YYYYMMDD.
 */
export function useDobGate(input: {
  /** The video's minimum age; undefined until the video is known. */
  minimumAge: number | null | undefined;
  /** False while the session, the user or the site config are loading. */
  ready: boolean;
  /** The site's ageGate flag (a config that failed to load leaves it on). */
  gateOn: boolean;
  onAccount: boolean;
  accountDob: number | null;
  saveToAccount: (dob: number) => Promise<unknown>;
}): DobGate {
  const { onAccount, saveToAccount } = input;
  const [localDob, setLocalDob] = useState(() => readStoredDob(storage()));

  const submit = useCallback(
    async (dob: number) => {
      if (!onAccount) {
        storeDob(storage(), dob);
        setLocalDob(dob);
        return true;
      }
      return saveToAccount(dob).then(
        () => true,
        () => false,
      );
    },
    [onAccount, saveToAccount],
  );

  let state: DobGate['state'];
  if (input.minimumAge === undefined || !input.ready) state = 'pending';
  else if (!input.gateOn) state = 'open';
  else state = checkAgeGate(input.minimumAge, onAccount ? input.accountDob : localDob, new Date());
  return { state, submit };
}
