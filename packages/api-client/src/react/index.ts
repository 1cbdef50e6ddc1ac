/**
 * The React binding of the client core, the one both apps mount: the API client and the viewer's
 * session in context, and the site theme.
 */
export { ApiProvider, useApi } from './api';
export { SessionProvider, useSession, useSessionStore, type Session } from './session';
export { useApplyTheme } from './use-apply-theme';
export { useRealtime } from './realtime';
