import { useApi, useSession } from '@marquee/api-client/react';
import { siteConfigQueryOptions, updateUserInfo } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import { minimumAge, type AgeGateState } from '@marquee/domain';
import { useDobGate } from '@marquee/player/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useMe } from '../../../lib/use-me';

export interface TvAgeGate {
  /** `pending` until the video, the viewer and the site's flags are known; the player waits for it. */
  state: AgeGateState | 'pending';
  /** Records the date; resolves false when saving it to the account failed. */
  submit: (dob: number) => Promise<boolean>;
  saving: boolean;
}

/**
 * The age gate before a TV plays (playback-and-social §4.2; decision 0022), the web's rule
 * (`useDobGate`): a signed-in viewer's date is the account's `dob` and one entered is saved there;
 * otherwise (or with hideUserDOB) it is kept on the TV as YYYYMMDD.
 */
export function useAgeGate(video: Video | undefined): TvAgeGate {
  const api = useApi();
  const queryClient = useQueryClient();
  const signedIn = useSession().status === 'signedIn';
  const config = useQuery(siteConfigQueryOptions(api));
  const me = useMe(signedIn);
  const onAccount = signedIn && !config.data?.perms.hideUserDOB;

  const save = useMutation({
    mutationFn: (dob: number) =>
      updateUserInfo(api, { firstName: me.data?.firstName ?? '', lastName: me.data?.lastName ?? '', dob }),
    onSuccess: (user) => queryClient.setQueryData(meQueryKey(api), user),
  });

  const gate = useDobGate({
    minimumAge: video && minimumAge(video),
    ready: !config.isPending && !(onAccount && me.isPending),
    gateOn: !config.data || config.data.perms.ageGate,
    onAccount,
    accountDob: me.data?.dob ?? null,
    saveToAccount: save.mutateAsync,
  });
  return { ...gate, saving: save.isPending };
}
