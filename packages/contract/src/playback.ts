import { z } from 'zod';
import { ClientQuery } from './common';

/** `tv=true`, `embed=1`… as query flags. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Query of the play-url calls (playback-and-social §7: "play-url (protocol, tv, embed)"). */
export const PlayUrlQuery = ClientQuery.extend({
  /** Only HLS is packaged today. */
  protocol: z.enum(['hls']).default('hls'),
  tv: queryFlag,
  embed: queryFlag,
});
export type PlayUrlQuery = z.infer<typeof PlayUrlQuery>;

export const VideoPlayParams = z.object({ site: z.string().min(1).max(64), uid: z.string().min(1).max(64) });
export type VideoPlayParams = z.infer<typeof VideoPlayParams>;
export const LiveChannelPlayParams = z.object({
  site: z.string().min(1).max(64),
  id: z.string().min(1).max(64),
});
export type LiveChannelPlayParams = z.infer<typeof LiveChannelPlayParams>;

/** The preview a viewer without access may play (live channels with preview minutes). */
/**
 * A source another company's player plays (the source map: jw, yt, dm; decision 0059): the provider's
 * video id and the URL of its player API script, from the server's configuration.
 */
export const PlayProvider = z
  .object({
    source: z.enum(['jw', 'yt', 'dm']),
    videoId: z.string(),
    scriptUrl: z.string(),
  })
  .meta({ id: 'PlayProvider' });
export type PlayProvider = z.infer<typeof PlayProvider>;

export const PlayPreview = z.object({ seconds: z.number().int().positive() });
export type PlayPreview = z.infer<typeof PlayPreview>;

/**
 * The spec's playable-url response (playback-and-social §3): the stream, the access flags and the
 * purchase hints. `url` is null when the viewer may not play; `code` then says why
 * (10 login required, 20 live event not started or ended, 30 passcode requires login) or, with no
 * code, that a purchase is needed (bundleIds / rentalIds / isPreorder).
 */
export const PlayableUrl = z
  .object({
    code: z.union([z.literal(10), z.literal(20), z.literal(30)]).optional(),
    // stream
    url: z.string().nullable(),
    stream: z.object({ url: z.string().nullable() }),
    /** Signed media token carried in the url's path; also given on its own. */
    token: z.string().nullable(),
    authToken: z.string().nullable(),
    /** A header the licence request must carry; null: our licence URL carries the token in its path. */
    drmTokenAuthHeader: z.string().nullable(),
    /** 'clearkey' (EME org.w3.clearkey, CENC fMP4; decision 0081) or null for clear/AES-128 HLS. */
    drmType: z.string().nullable(),
    /** The key system's version where it has one; null for Clear Key. */
    drmVersion: z.string().nullable(),
    /** Where the player's CDM posts its licence request (POST, JSON); null without DRM. */
    licenseUrl: z.string().nullable(),
    /** A server certificate (FairPlay, Widevine privacy mode); null for Clear Key. */
    certificateUrl: z.string().nullable(),
    /** 'hls' (application/vnd.apple.mpegurl). */
    type: z.enum(['hls']).nullable(),
    dai: z.string().nullable(),
    /** Set when the provider's own player plays it (url is then the provider's link); null for ours. */
    provider: PlayProvider.nullable(),
    preview: PlayPreview.nullable(),
    /** ISO-8601 time after which the url stops working. */
    expiresAt: z.string().nullable(),
    // access
    paidAccess: z.boolean(),
    withoutAds: z.boolean(),
    paidBundles: z.array(z.string()),
    skipLock: z.boolean(),
    skipPrivate: z.boolean(),
    requiresLogin: z.boolean(),
    message: z.string().nullable(),
    passcodeRequiresLogin: z.boolean(),
    existsPasscodeBoth: z.boolean(),
    // purchase hints
    isPreorder: z.boolean(),
    bundleId: z.string().nullable(),
    bundleIds: z.array(z.string()),
    rentalId: z.string().nullable(),
    rentalIds: z.array(z.string()),
    productIds: z.array(z.string()),
  })
  .meta({ id: 'PlayableUrl' });
export type PlayableUrl = z.infer<typeof PlayableUrl>;

/** The Clear Key licence request's path (decision 0081): the signed media token and the asset. */
export const ClearKeyLicenseParams = z.object({
  token: z.string().min(1).max(2048),
  assetId: z.string().min(1).max(64),
});

/** A key id as the Clear Key CDM spells it: 16 bytes, base64url without padding. */
const ClearKeyId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'a 16-byte key id, base64url without padding');

/** The Clear Key CDM's licence request (W3C EME §9.1.3). */
export const ClearKeyLicenseRequest = z.object({
  kids: z.array(ClearKeyId).min(1).max(16),
  type: z.enum(['temporary', 'persistent-license']).optional(),
});

/** A Clear Key licence: the asked keys as a JWK set (W3C EME §9.1.4). */
export const ClearKeyLicense = z.object({
  keys: z.array(z.object({ kty: z.literal('oct'), kid: ClearKeyId, k: z.string() })),
  type: z.enum(['temporary', 'persistent-license']),
});
export type ClearKeyLicense = z.infer<typeof ClearKeyLicense>;
