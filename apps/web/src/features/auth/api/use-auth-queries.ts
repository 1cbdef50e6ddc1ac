import { getCaptchaConfig, getOauthProviders, getSiteTerms, queryKeys } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const key = (name: string) => [...queryKeys.all(api), 'auth', name] as const;

/** The site's terms text, fetched when the login asks for acceptance. */
export function useSiteTerms(enabled: boolean) {
  return useQuery({
    queryKey: key('terms'),
    queryFn: ({ signal }) => getSiteTerms(api, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Which captcha the signup form shows (and the login form, once the server asks for one). */
export function useCaptchaConfig(enabled = true) {
  return useQuery({
    queryKey: key('captcha'),
    queryFn: ({ signal }) => getCaptchaConfig(api, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The configured social logins; none when the call fails (the link is simply not offered). */
export function useOauthProviders() {
  return useQuery({
    queryKey: key('oauth-providers'),
    queryFn: async ({ signal }) => {
      try {
        return (await getOauthProviders(api, signal)).items;
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}
