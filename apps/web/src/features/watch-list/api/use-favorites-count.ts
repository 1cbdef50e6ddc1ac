import { favoritesCountQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET videos/{uid}/favorites-count: the count an anonymous viewer sees. */
export function useFavoritesCount(uid: string, enabled: boolean) {
  return useQuery({ ...favoritesCountQueryOptions(api, uid), enabled });
}
