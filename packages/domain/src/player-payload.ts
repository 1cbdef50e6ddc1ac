// The player payload (playback-and-social §3): what the watch screen tells the player about the
// video and the viewer, and what the player passes on to the ad server and the heartbeat
// (decision 0064). Consent comes from the page's consent platform (IAB TCF and US Privacy).

import type { PlayerSource } from './source-map';

/** The viewer's privacy choices as the ad request carries them. */
export type AdConsent = {
  /** 1 when GDPR applies to this viewer, 0 when not, null when no consent platform said. */
  gdpr: 0 | 1 | null;
  /** The IAB TCF consent string ('' without one). */
  consentString: string;
  /** The IAB US Privacy string ('1---' when it does not apply or nobody said). */
  usPrivacy: string;
};

/** No consent platform on the page: nothing is known, nothing consented to. */
export const NO_CONSENT: AdConsent = { gdpr: null, consentString: '', usPrivacy: '1---' };

export type PlayerPayloadExtras = {
  userId: string | null;
  deviceModel: string;
  deviceId: string | null;
  /** Limit ad tracking: 1 when the browser asks not to be tracked (Global Privacy Control or DNT). */
  lat: 0 | 1;
  seriesTitle: string | null;
  genres: string[];
  mpaa: string | null;
  organizationUserId: string | null;
  /** The watch party's id while watching in one. */
  pid: string | null;
} & AdConsent;

export type PlayerPayload = {
  channelId: string;
  description: string;
  duration: number;
  /** Where playback starts, in seconds. */
  start: number;
  extras: PlayerPayloadExtras;
  iabCategory: string | null;
  siteUid: string;
  source: PlayerSource;
  /** The video's type (video, episode, movie, liveEvent…). */
  vType: string;
};

/** What the payload is built from: the video as the catalog answers it, and the viewing context. */
export type PlayerPayloadInput = {
  video: {
    type: string;
    description: string;
    contentDetails: { duration: number };
    ads: { iabCategory: string | null };
    seriesData: { title: string; genres: string[]; mpaa: string | null } | null;
    movieData: { genres: string[]; mpaa: string | null } | null;
  };
  channelId: string;
  siteUid: string;
  source: PlayerSource;
  start: number;
  viewer: { userId: string | null; organizationUserId?: string | null };
  device: { model: string; id: string | null; limitAdTracking: boolean };
  pid?: string | null;
  consent: AdConsent;
};

/** The spec's player payload for one video. */
export function buildPlayerPayload(input: PlayerPayloadInput): PlayerPayload {
  const { video } = input;
  const titleData = video.seriesData ?? video.movieData;
  return {
    channelId: input.channelId,
    description: video.description,
    duration: video.contentDetails.duration,
    start: Math.max(0, input.start),
    extras: {
      userId: input.viewer.userId,
      deviceModel: input.device.model,
      deviceId: input.device.id,
      lat: input.device.limitAdTracking ? 1 : 0,
      seriesTitle: video.seriesData?.title ?? null,
      genres: titleData?.genres ?? [],
      mpaa: titleData?.mpaa ?? null,
      organizationUserId: input.viewer.organizationUserId ?? null,
      pid: input.pid ?? null,
      ...input.consent,
    },
    iabCategory: video.ads.iabCategory,
    siteUid: input.siteUid,
    source: input.source,
    vType: video.type,
  };
}

/** The ad-request macros the payload fills: consent, category, device and site. */
export function payloadAdMacros(payload: PlayerPayload): Record<string, string> {
  const { extras } = payload;
  return {
    '[GDPR]': extras.gdpr === null ? '' : String(extras.gdpr),
    '[GDPR_CONSENT]': extras.consentString,
    '[US_PRIVACY]': extras.usPrivacy,
    '[IAB_CATEGORY]': payload.iabCategory ?? '',
    '[LAT]': String(extras.lat),
    '[DEVICE_ID]': extras.deviceId ?? '',
    '[SITE_UID]': payload.siteUid,
  };
}
