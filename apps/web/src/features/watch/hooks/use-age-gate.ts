import { useState } from 'react';
import { siteConfigQueryOptions, updateUserInfo } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import { minimumAge, type AgeGateState } from '@marquee/domain';
import { useDobGate } from '@marquee/player/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';

export interface AgeGate {
  /** `pending` until the video, the session and the site's flags are known; the player waits for it. */
  state: AgeGateState | 'pending';
  /** Records the date the modal took; resolves false when saving it to the account failed. */
  submit: (dob: number) => Promise<boolean>;
  /** True while a signed-in viewer's date is being saved. */
  saving: boolean;
}

/**
 * The age gate before playback (playback-and-social §4.2), when the site's `ageGate` flag is on and
 * the video (or its series) names a minimum age. A signed-in viewer's date is the account's `dob`,
 * and one they enter is saved there (PATCH /v2/me/info); an anonymous viewer's is kept in
 * localStorage as YYYYMMDD, as is a signed-in viewer's on sites that hide the DOB (hideUserDOB,
 * where the account does not keep one). Decision 0022; the rule is `useDobGate`, shared with the TV.
 */
export function useAgeGate(video: Video | undefined): AgeGate {
  const { user, status, refreshUser } = useSession();
  const config = useQuery(siteConfigQueryOptions(api));
  // The date just saved to the account, so the gate opens before the session re-reads the user.
  const [savedDob, setSavedDob] = useState<number | null>(null);
  const onAccount = status === 'signedIn' && !!user && !config.data?.perms.hideUserDOB;

  const save = useMutation({
    mutationFn: (dob: number) =>
      updateUserInfo(api, { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', dob }),
    onSuccess: (updated) => {
      setSavedDob(updated.dob);
      void refreshUser().catch(() => undefined);
    },
  });

  const gate = useDobGate({
    minimumAge: video && minimumAge(video),
    ready: !(status === 'loading' || (status === 'signedIn' && !user) || config.isPending),
    // A site config that failed to load leaves the default (ageGate on).
    gateOn: !config.data || config.data.perms.ageGate,
    onAccount,
    accountDob: user?.dob ?? savedDob,
    saveToAccount: save.mutateAsync,
  });
  return { ...gate, saving: save.isPending };
}
