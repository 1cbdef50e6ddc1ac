import { favoriteFlagQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A card's favorite flag, asked with the rest of the page's cards; signed-in viewers only. */
export function useFavoriteFlag(uid: string, userId: string | null, signedIn: boolean) {
  return useQuery({ ...favoriteFlagQueryOptions(api, uid, userId), enabled: signedIn });
}
