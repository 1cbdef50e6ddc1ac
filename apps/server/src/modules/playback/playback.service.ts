import type { ClearKeyLicense, PlayableUrl } from '@marquee/contract';
import {
  decideAccess,
  holdsItem,
  isNotStarted,
  LOGIN_REQUIRED_MESSAGE,
  NO_ENTITLEMENTS,
  REQUIRES_BUNDLE_MESSAGE,
  type AccessOutcome,
  type AccessType,
  type AccessViewer,
  type Entitlements,
  type LiveEventTimingMs,
  type UnlockingBundle,
  PlaybackErrorCode,
  PlayCode,
  providerSource,
  providerVideoId,
  type ProviderSource,
} from '@marquee/domain';
import { CLEAR_KEY_LICENSE } from '../../media/hls';
import { AppError, forbidden, notFound } from '../../plugins/errors';
import type { MediaClaims, MediaSigner } from './media-token';
import type { PlaybackRepository } from './playback.repository';

export type PlaybackService = ReturnType<typeof createPlaybackService>;

/** The request's signed-in user and their session (the access token's sid); absent when anonymous. */
export type PlaybackUser = { id: string; sessionId?: string };

/** Who asked, for counting an anonymous viewer's play once (address and user agent). */
export type PlaybackClient = { ip: string; userAgent?: string };

/** A VOD play-url that handed out a stream (decision 0018: this is what counts as a play). */
export type PlayStarted = {
  siteUid: string;
  videoUid: string;
  type: string;
  userId: string | null;
  ip?: string;
  userAgent?: string;
};

type BundleRow = Awaited<ReturnType<PlaybackRepository['findBundles']>>[number];
type VideoRow = NonNullable<Awaited<ReturnType<PlaybackRepository['findVideo']>>>;

/** Stored access types, normalised; anything unknown is treated as private (closed). */
export function toAccessType(value: string): AccessType {
  const v = value.replace(/[\s_-]/g, '').toLowerCase();
  if (v === 'public') return 'public';
  if (v === 'requireslogin') return 'requiresLogin';
  if (v === 'paid') return 'paid';
  return 'private';
}

/** A bundle's pre-order date (MM/DD/YYYY per the spec, or ISO) as epoch ms. */
function preorderMs(value: string | null): number | null {
  if (!value) return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const ms = us ? Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2])) : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** A sellable bundle with its JSON lists parsed once. */
type SiteBundle = UnlockingBundle & {
  videoUids: Set<string>;
  channels: Set<string>;
  liveChannels: Set<string>;
  /** Sold only to viewers with its passcode (commerce, migration 0011). */
  passcode: boolean;
};

function toSiteBundle(row: BundleRow): SiteBundle {
  const set = (json: string) => new Set((JSON.parse(json) as unknown[]).map(String));
  return {
    id: row.id,
    type: row.type,
    planType: row.plan_type,
    preorderUntilMs: preorderMs(row.preorder_date),
    videoUids: set(row.video_uids),
    channels: set(row.channels),
    liveChannels: set(row.live_channels),
    passcode: !!row.passcode,
  };
}

const unlocking = ({ id, type, planType, preorderUntilMs }: SiteBundle): UnlockingBundle => ({
  id,
  type,
  planType,
  preorderUntilMs,
});

/** Rows play-url reads on every call change rarely: keep them a few seconds, like the sites cache. */
const CACHE_MS = 5_000;
const CACHE_LIMIT = 10_000;

function cached<V>(load: (key: string) => Promise<V>) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return (key: string): Promise<V> => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    if (entries.size >= CACHE_LIMIT) entries.clear();
    const value = load(key);
    entries.set(key, { at: Date.now(), value });
    value.catch(() => entries.delete(key));
    return value;
  };
}

type LiveEventJson = {
  start?: string;
  end?: string | null;
  ended?: boolean;
  type?: string;
  videoLink?: string | null;
  is247?: boolean;
  sourceType?: string | null;
  preorderBundleId?: string | null;
  freeToWatch?: boolean;
};

function liveTiming(ev: LiveEventJson): LiveEventTimingMs {
  const start = ev.start && !isNotStarted(ev.start) ? Date.parse(ev.start) : NaN;
  const end = ev.end ? Date.parse(ev.end) : NaN;
  return {
    startMs: Number.isFinite(start) ? start : null,
    endMs: Number.isFinite(end) ? end : null,
    ended: ev.ended === true,
    is247: ev.is247 === true,
    freeToWatch: ev.freeToWatch === true,
    preorderBundleId: ev.preorderBundleId ?? null,
  };
}

const PROVIDER_NAMES: Record<ProviderSource, string> = { yt: 'YouTube', dm: 'Dailymotion', jw: 'JW Player' };

type Stream = {
  url: string;
  token: string | null;
  expiresAt: string | null;
  provider?: PlayableUrl['provider'];
  /** A Clear Key asset's licence URL (decision 0081); the key is never in the stream. */
  clearKeyLicenseUrl?: string;
};

/** Hex to base64url without padding, as JWK and the Clear Key licence spell key ids and keys. */
const base64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

/** Builds the spec's playable-url response from an access outcome and, when it plays, the stream. */
export function toPlayableUrl(
  outcome: AccessOutcome,
  stream: Stream | null,
  withoutAds: boolean,
): PlayableUrl {
  const empty: PlayableUrl = {
    url: null,
    stream: { url: null },
    token: null,
    authToken: null,
    drmTokenAuthHeader: null,
    drmType: null,
    drmVersion: null,
    licenseUrl: null,
    certificateUrl: null,
    type: null,
    dai: null,
    provider: null,
    preview: null,
    expiresAt: null,
    paidAccess: false,
    withoutAds,
    paidBundles: [],
    skipLock: false,
    skipPrivate: false,
    requiresLogin: false,
    message: null,
    passcodeRequiresLogin: false,
    existsPasscodeBoth: false,
    isPreorder: false,
    bundleId: null,
    bundleIds: [],
    rentalId: null,
    rentalIds: [],
    productIds: [],
  };
  switch (outcome.kind) {
    case 'closed':
      throw new AppError(403, outcome.reason, outcome.message);
    case 'denied':
      return {
        ...empty,
        code: outcome.code,
        message: outcome.message,
        requiresLogin: outcome.requiresLogin,
        passcodeRequiresLogin: outcome.passcodeRequiresLogin,
      };
    case 'requiresPurchase':
      return { ...empty, ...outcome.hints, message: outcome.message };
    case 'play':
      return {
        ...empty,
        ...outcome.hints,
        url: stream?.url ?? null,
        stream: { url: stream?.url ?? null },
        token: stream?.token ?? null,
        authToken: stream?.token ?? null,
        expiresAt: stream?.expiresAt ?? null,
        type: !stream?.provider && stream?.url.includes('.m3u8') ? 'hls' : null,
        provider: stream?.provider ?? null,
        // Clear Key has no server certificate, no version and no licence header: the token is in the path.
        ...(stream?.clearKeyLicenseUrl ? { drmType: 'clearkey', licenseUrl: stream.clearKeyLicenseUrl } : {}),
        preview: outcome.previewSeconds ? { seconds: outcome.previewSeconds } : null,
        paidAccess: outcome.paidAccess,
        paidBundles: outcome.paidBundles,
        skipLock: outcome.skipLock,
        skipPrivate: outcome.skipPrivate,
        message: outcome.notice,
      };
  }
}

/**
 * play-url for videos and live channels: decides access with the domain rule and signs a
 * short-lived media path (docs/decisions/0002-signed-media-paths.md).
 */
export function createPlaybackService(deps: {
  repo: PlaybackRepository;
  signer: MediaSigner;
  ttlSeconds: number;
  now: () => number;
  /** Told of each play, synchronously; it must not block (the recommendations service queues it). */
  onPlay?: (play: PlayStarted) => void;
  /** What the user holds right now (the entitlements service, decision 0025); nothing when absent. */
  entitlements?: (siteUid: string, userId: string) => Promise<Entitlements>;
  /**
   * False once the session was revoked (the session store, decision 0037). A signed-in viewer's key
   * needs a live session, so without this no signed-in viewer gets a key.
   */
  sessionIsLive?: (sessionId: string) => Promise<boolean>;
  /** The provider player API scripts by source (config.playerScripts; decision 0059). */
  playerScripts?: Partial<Record<ProviderSource, string>>;
}) {
  const { repo, signer, now } = deps;
  const videoOf = cached((key) => {
    const [site, uid] = key.split('\n') as [string, string];
    return repo.findVideo(site, uid);
  });
  const assetOf = cached((id) => repo.findAsset(id));
  const sourceTypesOf = cached((site) => repo.findLiveSourceTypes(site));
  const bundlesOf = cached(async (site) => (await repo.findBundles(site)).map(toSiteBundle));

  /** The claims that bind a media token to its viewer: their id and their session. */
  const viewerClaims = (user: PlaybackUser | null) =>
    user ? { user: user.id, ...(user.sessionId ? { sid: user.sessionId } : {}) } : {};

  /** Expiry rounded up to the minute, so repeated calls within a minute share a URL (and a CDN cache entry). */
  function sign(claims: Omit<MediaClaims, 'exp'>, ttlSeconds = deps.ttlSeconds) {
    const exp = Math.ceil((now() / 1000 + ttlSeconds) / 60) * 60;
    return { token: signer.sign({ exp, ...claims }), expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The viewer for decideAccess and whether their purchases take the ads away (DISABLE_ADS). */
  async function viewerOf(
    siteUid: string,
    user: PlaybackUser | null,
    ownerId: string | null,
    item?: { uid: string; seriesUid: string | null },
  ): Promise<{ viewer: AccessViewer | null; withoutAds: boolean }> {
    if (!user) return { viewer: null, withoutAds: false };
    const held = deps.entitlements ? await deps.entitlements(siteUid, user.id) : NO_ENTITLEMENTS;
    return {
      viewer: {
        id: user.id,
        isOwner: ownerId !== null && ownerId === user.id,
        entitledBundleIds: held.bundleIds,
        holdsItem: item ? holdsItem(held, item) : false,
      },
      withoutAds: held.withoutAds,
    };
  }

  /** decideAccess for a video row and a user, with the bundles that unlock it. */
  async function videoAccess(siteUid: string, video: VideoRow, user: PlaybackUser | null) {
    const event = video.live_event ? (JSON.parse(video.live_event) as LiveEventJson) : null;
    const [{ viewer, withoutAds }, bundleRows] = await Promise.all([
      viewerOf(siteUid, user, video.owner_user_id, { uid: video.uid, seriesUid: video.series_uid }),
      bundlesOf(siteUid),
    ]);
    const selling = bundleRows.filter(
      (b) =>
        b.type === 'ENTIRE_SITE' ||
        b.videoUids.has(video.uid) ||
        (video.channel_id !== null && b.channels.has(video.channel_id)),
    );
    const bundles = selling.map(unlocking);
    const accessType = toAccessType(video.access_type);
    const outcome = decideAccess({
      accessType,
      status: video.status,
      liveEvent: event ? liveTiming(event) : null,
      viewer,
      bundles,
      // §4.1 code 30: paid content sold only through passcode bundles needs the passcode sign-in.
      passcodeRequired: accessType === 'paid' && selling.length > 0 && selling.every((b) => b.passcode),
      nowMs: now(),
    });
    // P§3 existsPasscodeBoth (decision 0061): paid content sold both with and without a passcode, so
    // the paywall can offer the passcode sign-in beside buying.
    const passcodeBoth =
      accessType === 'paid' && selling.some((b) => b.passcode) && selling.some((b) => !b.passcode);
    return { outcome, event, withoutAds: video.without_ads === 1 || withoutAds, passcodeBoth };
  }

  /**
   * A live event the provider's own player plays (the source map; decision 0059): its link, the
   * provider's id of the video in it and the configured API script. 409 when either is missing.
   */
  function providerStream(uid: string, source: ProviderSource, event: LiveEventJson | null): Stream {
    const videoId = providerVideoId(source, event?.videoLink);
    if (!event?.videoLink || !videoId)
      throw new AppError(
        409,
        PlaybackErrorCode.mediaNotReady,
        `Video '${uid}' has no ${PROVIDER_NAMES[source]} video in its videoLink`,
      );
    const scriptUrl = deps.playerScripts?.[source];
    if (!scriptUrl)
      throw new AppError(
        409,
        PlaybackErrorCode.mediaNotReady,
        `Video '${uid}' plays in ${PROVIDER_NAMES[source]}, which this server has no player script for`,
      );
    return { url: event.videoLink, token: null, expiresAt: null, provider: { source, videoId, scriptUrl } };
  }

  /**
   * An encrypted asset's key row for the media token of a key or licence request (decisions 0024,
   * 0081): only while the token is valid for this asset and its user may play its video right now.
   * Access is decided again here, so a revoked grant or an expired rental stops at the next fetch.
   */
  async function authorizedKey(assetId: string, claims: MediaClaims | null, bearer: PlaybackUser | null) {
    if (!claims || claims.asset !== assetId || !claims.video)
      throw new AppError(401, PlaybackErrorCode.invalidPlaybackToken, 'Invalid or expired playback token');
    if (claims.user && bearer && claims.user !== bearer.id)
      throw forbidden('Playback token belongs to another user');
    const [asset, key] = await Promise.all([assetOf(assetId), repo.findAssetKey(assetId)]);
    if (!asset || !key) throw notFound('Key');
    const video = await videoOf(`${asset.site_uid}\n${claims.video}`);
    if (!video || video.asset_id !== assetId) throw forbidden('The playback token is not for this media');
    // The viewer's session must still be live: logout, a password change, a TV sign-out… end the
    // key at once (decision 0037). A token with a user and no session is not one we issue.
    if (claims.user && !(claims.sid && (await deps.sessionIsLive?.(claims.sid))))
      throw new AppError(
        401,
        PlaybackErrorCode.sessionEnded,
        'The session this playback was started in has ended',
      );
    const user = claims.user ? { id: claims.user } : null;
    const { outcome } = await videoAccess(asset.site_uid, video, user);
    if (outcome.kind !== 'play') {
      if (!user) throw new AppError(401, PlaybackErrorCode.loginRequired, LOGIN_REQUIRED_MESSAGE);
      throw new AppError(403, PlaybackErrorCode.notEntitled, REQUIRES_BUNDLE_MESSAGE);
    }
    return key;
  }

  /** decideAccess for a live channel (404 for an unknown one), with its preview minutes. */
  async function channelAccess(siteUid: string, id: string, user: PlaybackUser | null) {
    const channel = await repo.findLiveChannel(siteUid, id);
    if (!channel) throw notFound(`Live channel '${id}'`);
    const [{ viewer }, bundleRows] = await Promise.all([viewerOf(siteUid, user, null), bundlesOf(siteUid)]);
    const bundles = bundleRows
      .filter((b) => b.type === 'ENTIRE_SITE' || b.liveChannels.has(channel.id))
      .map(unlocking);
    const outcome = decideAccess({
      accessType: toAccessType(channel.access_type),
      status: 'public',
      viewer,
      bundles,
      previewMinutes: channel.preview_minutes,
      nowMs: now(),
    });
    return { channel, outcome };
  }

  return {
    /**
     * The provider player API scripts a site's pages may load: those of the providers its live
     * events play from (the page's Content-Security-Policy opens to nothing else; decision 0059).
     */
    async playerScripts(siteUid: string): Promise<Partial<Record<ProviderSource, string>>> {
      const used = new Set((await sourceTypesOf(siteUid)).map(providerSource));
      return Object.fromEntries(
        Object.entries(deps.playerScripts ?? {}).filter(([source]) => used.has(source as ProviderSource)),
      );
    },

    async videoPlayUrl(
      siteUid: string,
      uid: string,
      user: PlaybackUser | null,
      client?: PlaybackClient,
    ): Promise<PlayableUrl> {
      const video = await videoOf(`${siteUid}\n${uid}`);
      if (!video) throw notFound(`Video '${uid}'`);
      const { outcome, event, withoutAds, passcodeBoth } = await videoAccess(siteUid, video, user);
      if (outcome.kind !== 'play')
        return { ...toPlayableUrl(outcome, null, withoutAds), existsPasscodeBoth: passcodeBoth };

      const provider = providerSource(event?.sourceType);
      if (provider) return toPlayableUrl(outcome, providerStream(uid, provider, event), withoutAds);
      if (!video.asset_id && event?.type === 'link' && event.videoLink) {
        return toPlayableUrl(outcome, { url: event.videoLink, token: null, expiresAt: null }, withoutAds);
      }
      const asset = video.asset_id ? await assetOf(video.asset_id) : undefined;
      if (!asset || asset.status !== 'ready') {
        throw new AppError(409, PlaybackErrorCode.mediaNotReady, `Video '${uid}' has no playable media yet`);
      }
      const signed = sign({ asset: asset.id, video: video.uid, ...viewerClaims(user) });
      const url = `/media/${signed.token}/${asset.id}/master.m3u8`;
      const key = await repo.findAssetKey(asset.id);
      const clearKeyLicenseUrl = key?.kid_hex
        ? `/media/${signed.token}/${asset.id}/${CLEAR_KEY_LICENSE}`
        : undefined;
      deps.onPlay?.({
        siteUid,
        videoUid: video.uid,
        type: video.type,
        userId: user?.id ?? null,
        ip: client?.ip,
        userAgent: client?.userAgent,
      });
      return toPlayableUrl(outcome, { url, ...signed, clearKeyLicenseUrl }, withoutAds);
    },

    /**
     * What a gif of the video is cut from, for a viewer who may watch it now: the asset, its
     * length and the rendition nearest the gif's width (the smallest at least that wide). 404 for
     * an unknown video, 403 `notEntitled` when the viewer may not watch it, 409 without media.
     */
    async gifSource(siteUid: string, uid: string, user: PlaybackUser, minWidth: number) {
      const video = await videoOf(`${siteUid}\n${uid}`);
      if (!video) throw notFound(`Video '${uid}'`);
      const { outcome } = await videoAccess(siteUid, video, user);
      if (outcome.kind !== 'play')
        throw new AppError(403, 'notEntitled', 'You can make a gif only of a video you may watch');
      const asset = video.asset_id ? await repo.findAssetSource(video.asset_id) : undefined;
      if (!asset || asset.status !== 'ready')
        throw new AppError(409, PlaybackErrorCode.mediaNotReady, `Video '${uid}' has no media to cut from`);
      // The gif job decodes the segments itself; it has no CENC path (decision 0081).
      if ((await repo.findAssetKey(asset.id))?.kid_hex)
        throw new AppError(
          409,
          PlaybackErrorCode.mediaNotReady,
          `Video '${uid}' is DRM media; no gif is cut from it`,
        );
      const bySize = [...asset.renditions].sort((x, y) => x.width - y.width);
      const rendition = bySize.find((r) => r.width >= minWidth) ?? bySize.at(-1);
      if (!rendition)
        throw new AppError(409, PlaybackErrorCode.mediaNotReady, `Video '${uid}' has no renditions`);
      return { assetId: asset.id, durationS: asset.duration_s, playlist: rendition.playlist };
    },

    /** The key and IV of an encrypted asset, for the gif job's private copy (never served). */
    assetKey: (assetId: string) => repo.findAssetKey(assetId),

    /**
     * The AES-128 key of an encrypted asset for the media token of the key request (decision 0024):
     * only while the token is valid for this asset and its user may play its video right now. Access
     * is decided again here, so a revoked grant or an expired rental stops at the next key fetch.
     */
    /** A free asset's subtitles are public, like its thumbnails; a paid (encrypted) one's come only with its token. */
    async subtitlesArePublic(assetId: string): Promise<boolean> {
      const [asset, key] = await Promise.all([assetOf(assetId), repo.findAssetKey(assetId)]);
      return !!asset && !key;
    },

    async contentKey(
      assetId: string,
      claims: MediaClaims | null,
      bearer: PlaybackUser | null,
    ): Promise<Buffer> {
      const key = await authorizedKey(assetId, claims, bearer);
      // A Clear Key asset's key goes out only as a licence, for the key ids asked (decision 0081).
      if (key.kid_hex) throw notFound('Key');
      return Buffer.from(key.key_hex, 'hex');
    },

    /**
     * The Clear Key licence (decision 0081) for a media token and the key ids the CDM asks for
     * (base64url, as in its licence request): the same checks as the AES-128 key, then the asset's
     * key as a JWK set. 404 `kids` when it asks for a key id that is not this asset's.
     */
    async clearKeyLicense(
      assetId: string,
      claims: MediaClaims | null,
      bearer: PlaybackUser | null,
      kids: string[],
    ): Promise<ClearKeyLicense> {
      const key = await authorizedKey(assetId, claims, bearer);
      if (!key.kid_hex) throw notFound('Licence');
      const kid = base64url(key.kid_hex);
      const unknown = kids.filter((k) => k !== kid);
      if (unknown.length > 0)
        throw new AppError(404, 'notFound', `kids: no key '${unknown[0]}' in this media`);
      return {
        keys: [{ kty: 'oct', kid, k: base64url(key.key_hex) }],
        type: 'temporary',
      };
    },

    /**
     * Whether the user passes the access rules of a video (or live event) or a live channel —
     * login, passcode, purchase, the owner's exceptions — whatever a live event's timing; a
     * preview is not access. For what stands beside the player: its chat (decision 0053).
     */
    async mayAccess(siteUid: string, kind: 'video' | 'liveChannel', id: string, user: PlaybackUser) {
      let outcome: AccessOutcome;
      if (kind === 'liveChannel') outcome = (await channelAccess(siteUid, id, user)).outcome;
      else {
        const video = await videoOf(`${siteUid}\n${id}`);
        if (!video) return false;
        outcome = (await videoAccess(siteUid, video, user)).outcome;
      }
      if (outcome.kind === 'play') return outcome.previewSeconds === null;
      return outcome.kind === 'denied' && outcome.code === PlayCode.notLive;
    },

    async liveChannelPlayUrl(siteUid: string, id: string, user: PlaybackUser | null): Promise<PlayableUrl> {
      const { channel, outcome } = await channelAccess(siteUid, id, user);
      if (outcome.kind !== 'play') return toPlayableUrl(outcome, null, false);
      // A preview's URL lives only as long as the preview.
      const signed = sign(
        { site: siteUid, channel: channel.id, ...viewerClaims(user) },
        outcome.previewSeconds ?? deps.ttlSeconds,
      );
      const url = `/live/${signed.token}/${siteUid}/${channel.id}/master.m3u8`;
      return toPlayableUrl(outcome, { url, ...signed }, false);
    },
  };
}
