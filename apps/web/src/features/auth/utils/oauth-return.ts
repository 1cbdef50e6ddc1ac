/** Where the social login callback returns to (kept in sessionStorage across the provider's pages). */
export const OAUTH_RETURN_KEY = 'marquee.oauthReturn';

/** The saved return path, once; only same-site paths are honoured. */
export function takeOauthReturn(storage: Pick<Storage, 'getItem' | 'removeItem'>): string {
  const saved = storage.getItem(OAUTH_RETURN_KEY);
  storage.removeItem(OAUTH_RETURN_KEY);
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : '/';
}

/** The browser's binding of a social login: sent to authorize, then with the callback (login CSRF). */
export const OAUTH_BINDING_KEY = 'marquee.oauthBinding';

/** A new binding (32 random bytes, base64url), kept for the callback. */
export function newOauthBinding(storage: Pick<Storage, 'setItem'>): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const binding = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  storage.setItem(OAUTH_BINDING_KEY, binding);
  return binding;
}
