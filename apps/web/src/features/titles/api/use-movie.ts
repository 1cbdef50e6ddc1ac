import { movieQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A movie with its extras and trailers (GET movie/{uid}). */
export function useMovie(uid: string) {
  return useQuery(movieQueryOptions(api, uid));
}
