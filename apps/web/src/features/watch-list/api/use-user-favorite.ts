import { userFavoriteQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET videos/{uid}/user-favorites: "Favorites are fetched only when signed in". */
export function useUserFavorite(uid: string, userId: string | null, signedIn: boolean) {
  return useQuery({ ...userFavoriteQueryOptions(api, uid, userId), enabled: signedIn });
}
