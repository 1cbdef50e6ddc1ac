import { meQueryOptions, type ApiClient } from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import { useQuery } from '@tanstack/react-query';

export const meQueryKey = (api: ApiClient) => meQueryOptions(api).queryKey;

/** GET /v2/me/info: the signed-in viewer (the profile shows the e-mail; the age gate reads the birthday). */
export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(useApi()), enabled });
}
