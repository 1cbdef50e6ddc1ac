import { channelQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** One channel of the site (its name and what it lists). */
export function useChannel(channelId: string | null) {
  return useQuery({ ...channelQueryOptions(api, channelId ?? ''), enabled: !!channelId });
}
