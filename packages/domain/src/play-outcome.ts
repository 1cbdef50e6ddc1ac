/**
 * What a play-url answer means for the viewer (playback-and-social §4.1, §8), shared by the web and
 * TV apps. The server's playback service answers either a 200 playable-url (with `code` 10, 20 or 30
 * and no url when it is refused) or an error `{ error: { code, message } }` with one of the codes
 * below; both shapes are classified here, keyed on those codes.
 */
import {
  DEFAULT_ERROR_MESSAGE,
  ENDED_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  PASSCODE_REQUIRES_LOGIN_MESSAGE,
  PlayCode,
  PREORDER_MESSAGE,
  REQUIRES_BUNDLE_MESSAGE,
} from './access';

/** The error codes the playback and entitlement services answer on play-url, media and keys. */
export const PlaybackErrorCode = {
  /** 403: the video is private (§8: error toast, then go home). */
  privateContent: 'privateContent',
  /** 403: the video is archived (§8). */
  archivedContent: 'archivedContent',
  /** 404: no such video, channel, rendition or file. */
  notFound: 'notFound',
  /** 404: a live channel with nothing on air. */
  offAir: 'offAir',
  /** 409: the video has no playable media yet. */
  mediaNotReady: 'mediaNotReady',
  /** 401: a key asked for without a session. */
  loginRequired: 'loginRequired',
  /** 403: a key asked for without an entitlement. */
  notEntitled: 'notEntitled',
  /** 401: the session the playback started in has ended. */
  sessionEnded: 'sessionEnded',
  /** 401: the playback token is invalid or expired. */
  invalidPlaybackToken: 'invalidPlaybackToken',
  /** 403: the generic refusal. */
  forbidden: 'forbidden',
} as const;
export type PlaybackErrorCode = (typeof PlaybackErrorCode)[keyof typeof PlaybackErrorCode];

/** §4.1's rejection names ("on TV, reject with requiresLogin", "rejection code requiresBundle"). */
export const PlayRejection = {
  requiresLogin: 'requiresLogin',
  notLive: 'notLive',
  passcodeRequiresLogin: 'passcodeRequiresLogin',
  requiresBundle: 'requiresBundle',
} as const;

export type PlayProblemKind =
  'login' | 'passcode' | 'notLive' | 'purchase' | 'preorder' | 'closed' | 'notFound' | 'error';

export type PlayProblem = { kind: PlayProblemKind; message: string };

/** The part of a playable-url answer the outcome depends on. */
export type PlayUrlAnswer = {
  url?: string | null;
  code?: number | null;
  message?: string | null;
  requiresLogin?: boolean;
  passcodeRequiresLogin?: boolean;
  isPreorder?: boolean;
};

/** A failed API call as the api-client reports it (its ApiError has this shape). */
type ApiErrorLike = { status: number; code: string; message: string };

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  return typeof e.status === 'number' && typeof e.code === 'string' && typeof e.message === 'string';
}

const FALLBACK: Record<PlayProblemKind, string> = {
  login: LOGIN_REQUIRED_MESSAGE,
  passcode: PASSCODE_REQUIRES_LOGIN_MESSAGE,
  notLive: ENDED_MESSAGE,
  purchase: REQUIRES_BUNDLE_MESSAGE,
  preorder: PREORDER_MESSAGE,
  closed: DEFAULT_ERROR_MESSAGE,
  notFound: 'This video could not be found.',
  error: DEFAULT_ERROR_MESSAGE,
};

/** Error codes with a fixed outcome: the §4.1 codes (as text), their rejection names and the server's. */
const BY_CODE: Record<string, PlayProblemKind> = {
  [String(PlayCode.passcodeRequiresLogin)]: 'passcode',
  [PlayRejection.passcodeRequiresLogin]: 'passcode',
  [String(PlayCode.loginRequired)]: 'login',
  [PlayRejection.requiresLogin]: 'login',
  [PlaybackErrorCode.loginRequired]: 'login',
  [String(PlayCode.notLive)]: 'notLive',
  [PlayRejection.notLive]: 'notLive',
  [PlayRejection.requiresBundle]: 'purchase',
  [PlaybackErrorCode.notEntitled]: 'purchase',
  [PlaybackErrorCode.privateContent]: 'closed',
  [PlaybackErrorCode.archivedContent]: 'closed',
};

/** Codes the table does not name fall back on the status. */
function kindOfStatus(status: number): PlayProblemKind {
  if (status === 401) return 'login';
  if (status === 402) return 'purchase';
  if (status === 403) return 'closed';
  if (status === 404) return 'notFound';
  return 'error';
}

const problem = (kind: PlayProblemKind, message: string | null | undefined): PlayProblem => ({
  kind,
  message: message || FALLBACK[kind],
});

/**
 * §4.1: "code 10, login required → the login state; code 20, live event not started or ended → the
 * not-live page; code 30, passcode requires login → login with the passcode state; no url → subscribe,
 * or preorder if isPreorder". §8: "privateContent or archivedContent → error toast, then go home".
 * Accepts an error (an API error or anything else) or a 200 answer; null when it can play.
 */
export function classifyPlayUrl(input: { error?: unknown; data?: PlayUrlAnswer | null }): PlayProblem | null {
  const { error, data } = input;
  if (isApiErrorLike(error)) return problem(BY_CODE[error.code] ?? kindOfStatus(error.status), error.message);
  if (error) return problem('error', undefined);
  if (!data || data.url) return null;
  if (data.code === PlayCode.passcodeRequiresLogin || data.passcodeRequiresLogin)
    return problem('passcode', data.message);
  if (data.code === PlayCode.notLive) return problem('notLive', data.message);
  if (data.code === PlayCode.loginRequired || data.requiresLogin) return problem('login', data.message);
  if (data.isPreorder) return problem('preorder', data.message);
  return problem('purchase', data.message);
}
