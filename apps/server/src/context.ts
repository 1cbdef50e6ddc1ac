import { join } from 'node:path';
import pino from 'pino';
import { CHAT_PARTY_MEMBERS_MESSAGE } from '@marquee/domain';
import type { Db } from './db/database';
import { createMailer, type Mailer } from './infra/mailer';
import { sharedPasswordHasher, type PasswordHasher } from './infra/password-hasher';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './infra/rate-limiter';
import { createMemorySessionStore, createRedisSessionStore, type SessionStore } from './infra/session-store';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/analytics.service';
import { createAdsService, type AdsService } from './modules/ads/ads.service';
import { createAccessTokens } from './modules/auth/access-token';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createCaptcha } from './modules/auth/captcha';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService, type CatalogService } from './modules/catalog/catalog.service';
import { createCommerceModule, type CommerceModule } from './modules/commerce/commerce.module';
import { mediaStorage } from './media/storage';
import { createEventBus, createRedisEventRelay, type EventBus } from './infra/event-bus';
import { createDevicesRepository } from './modules/devices/devices.repository';
import { createDevicesService, type DevicesService } from './modules/devices/devices.service';
import { createEntitlementsRepository } from './modules/entitlements/entitlements.repository';
import {
  createEntitlementsService,
  type EntitlementsService,
} from './modules/entitlements/entitlements.service';
import { createLiveService, type LiveService } from './modules/playback/live.service';
import { createMediaSigner, type MediaSigner } from './modules/playback/media-token';
import { createPlaybackRepository } from './modules/playback/playback.repository';
import { createPlaybackService, type PlaybackService } from './modules/playback/playback.service';
import { createPlaybackQualityRepository } from './modules/playback-quality/playback-quality.repository';
import {
  createPlaybackQualityService,
  type PlaybackQualityService,
} from './modules/playback-quality/playback-quality.service';
import { createProgressRepository } from './modules/progress/progress.repository';
import { createProgressService, type ProgressService } from './modules/progress/progress.service';
import { createProfileRepository } from './modules/profile/profile.repository';
import { createProfileService, type ProfileService } from './modules/profile/profile.service';
import { createRecommendationsRepository } from './modules/recommendations/recommendations.repository';
import { createArgoidClient, withArgoid } from './modules/recommendations/argoid';
import {
  createRecommendationsService,
  type RecommendationsService,
} from './modules/recommendations/recommendations.service';
import { createRecoveryRepository } from './modules/recovery/recovery.repository';
import { createRecoveryService, type RecoveryService } from './modules/recovery/recovery.service';
import { createChatRepository } from './modules/chat/chat.repository';
import { createChatService, type ChatService } from './modules/chat/chat.service';
import { createRolesRepository } from './modules/roles/roles.repository';
import { createRolesService, type RolesService } from './modules/roles/roles.service';
import { createGifsRepository } from './modules/gifs/gifs.repository';
import { createGifsService, type GifsService } from './modules/gifs/gifs.service';
import { createJobsRepository } from './modules/jobs/jobs.repository';
import { createJobsService, type JobsService } from './modules/jobs/jobs.service';
import { createMomentsRepository } from './modules/moments/moments.repository';
import { createMomentsService, type MomentsService } from './modules/moments/moments.service';
import { createReportsRepository } from './modules/reports/reports.repository';
import { createReportsService, type ReportsService } from './modules/reports/reports.service';
import { createDroppedCartsRepository } from './modules/dropped-carts/dropped-carts.repository';
import {
  createDroppedCartsService,
  type DroppedCartsService,
} from './modules/dropped-carts/dropped-carts.service';
import { createSharingRepository } from './modules/sharing/sharing.repository';
import { createSharingService, type SharingService } from './modules/sharing/sharing.service';
import { createSitesRepository } from './modules/sites/sites.repository';
import { createSitesService, type SitesService } from './modules/sites/sites.service';
import { createSocialRepository } from './modules/social/social.repository';
import { createSocialService, type SocialService } from './modules/social/social.service';
import { createSearchRepository } from './modules/search/search.repository';
import { createSearchService, type SearchService } from './modules/search/search.service';
import { createFavoritesRepository } from './modules/watch-list/favorites.repository';
import { createFavoritesService, type FavoritesService } from './modules/watch-list/favorites.service';
import { createWatchListRepository } from './modules/watch-list/watch-list.repository';
import { createWatchPartyRepository } from './modules/watch-party/watch-party.repository';
import { createWatchPartyService, type WatchPartyService } from './modules/watch-party/watch-party.service';
import { createWatchListService, type WatchListService } from './modules/watch-list/watch-list.service';
import { createLibraryService, type LibraryService } from './modules/library/library.service';
import { createQueueService, type QueueService } from './modules/queue/queue.service';
import { AppError } from './plugins/errors';
import { testPaymentsAllowed, type Config } from './plugins/config';
import { createFacebookGraph } from './infra/facebook-graph';
import { access, constants } from 'node:fs/promises';
import { createMetrics, type Metrics } from './infra/metrics';
import { requestIdMixin } from './infra/request-context';
import { pingDatabase } from './db/database';
import type { ReadinessCheck } from './plugins/operations';

/** The services every route plugin receives. Built once per app; tests may pass their own parts. */
export type AppContext = {
  config: Config;
  db: Db;
  sites: SitesService;
  /** Per-site roles and the one permission check (decision 0044). */
  roles: RolesService;
  /** Wall clock in epoch ms; tests pass their own to move time without sleeping. */
  now: () => number;
  mediaSigner: MediaSigner;
  playback: PlaybackService;
  live: LiveService;
  catalog: CatalogService;
  auth: AuthService;
  recovery: RecoveryService;
  devices: DevicesService;
  profile: ProfileService;
  /** Counters for abuse limits, in Redis when configured. */
  limiter: RateLimiter;
  /** Revoked sessions, in Redis when configured (decision 0037). */
  sessions: SessionStore;
  /** argon2 in worker threads, fair between client IPs (infra/password-hasher.ts, decision 0006). */
  passwords: PasswordHasher;
  mailer: Mailer;
  social: SocialService;
  search: SearchService;
  progress: ProgressService;
  /** Plays, popular and recommended rankings (decision 0018). */
  recommendations: RecommendationsService;
  watchList: WatchListService;
  favorites: FavoritesService;
  /** Analytics events, buffered and written in batches (decision 0021). */
  analytics: AnalyticsService;
  /** What each user may watch from their purchases; `invalidate` after writing one (decision 0025). */
  entitlements: EntitlementsService;
  /**
   * Offers, purchases, payment methods, checkout and reconcile, renewals, gifts, donations,
   * upgrades and gateway webhooks (decisions 0029, 0031–0033, 0036; modules/commerce/README.md).
   */
  commerce: CommerceModule;
  /** The domain events (purchaseChanged…), carried to every node with Redis; modules react to each other through it. */
  events: EventBus;
  /** Our VAST for the sites' ad creatives and its tracking pixels (decision 0026). */
  ads: AdsService;
  /** The movies and series the viewer's purchases own (decision 0030). */
  library: LibraryService;
  /** The watch screen's queue loaders over the catalog and the watch list (decision 0062). */
  queues: QueueService;
  /** Watch parties: sessions and their synced room (decision 0046). */
  watchParty: WatchPartyService;
  /** Live chat: tokens, messages, mutes and bans (decision 0045). */
  chat: ChatService;
  /** The job queue (ingests, gifs) shared with worker processes. */
  jobs: JobsService;
  /** Viewers' gifs of videos, rendered by `gif` jobs (decision 0047). */
  gifs: GifsService;
  /** Viewers' timed comments on videos (decision 0048). */
  moments: MomentsService;
  /** Viewers' reports of moments and gifs, and staff hiding them (decision 0054). */
  reports: ReportsService;
  /** Viewers leaving checkout without paying, listed for the site's admins (decision 0060). */
  droppedCarts: DroppedCartsService;
  /** The players' playback quality reports and the operators' figures per title and day (decision 0083). */
  playbackQuality: PlaybackQualityService;
  /** Short links and link previews (decision 0049). */
  sharing: SharingService;
  /** Prometheus metrics of this process (decision 0082); served at /metrics with METRICS_TOKEN. */
  metrics: Metrics;
  /** What /readyz checks, each by name (decision 0082): add one entry per dependency. */
  readiness: ReadinessCheck[];
};

/** Lifetime of an access token (the refresh token lasts 30 days). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export function createContext(config: Config, db: Db, overrides: Partial<AppContext> = {}): AppContext {
  const now = overrides.now ?? (() => Date.now());
  // Services log through one logger that names the request they run under (decision 0082).
  const log = pino({ level: config.logLevel, mixin: requestIdMixin });
  const metrics = overrides.metrics ?? createMetrics({ processMetrics: !!config.metricsToken });
  const mediaSigner = createMediaSigner(config.mediaSecret);
  const playbackRepo = createPlaybackRepository(db);
  const limiter =
    overrides.limiter ??
    (config.redisUrl
      ? createRedisRateLimiter(config.redisUrl, config.redisPrefix)
      : createMemoryRateLimiter(now));
  // A revocation outlives every token that carries the session: access tokens and media tokens.
  const retentionMs = Math.max(ACCESS_TOKEN_TTL_SECONDS, config.playUrlTtlSeconds) * 1000 + 60_000;
  const sessions =
    overrides.sessions ??
    (config.redisUrl
      ? createRedisSessionStore(config.redisUrl, config.redisPrefix, retentionMs, now)
      : createMemorySessionStore(retentionMs, now));
  const passwords = overrides.passwords ?? sharedPasswordHasher();
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log,
    });
  // One captcha for the app: signup, suspicious logins and commerce's actions (addCard, purchase).
  const captcha = createCaptcha({ config: config.captcha, limiter });
  // Other services start sessions through it (recovery, social, devices).
  const auth =
    overrides.auth ??
    createAuthService({
      repo: createAuthRepository(db),
      tokens: createAccessTokens(config.authSecret, ACCESS_TOKEN_TTL_SECONDS, now),
      now,
      limiter,
      captcha,
      sessions,
      passwords,
      onLoginFailed: (reason) => metrics.loginFailures.inc({ reason }),
    });
  const roles = overrides.roles ?? createRolesService(createRolesRepository(db));
  const sitesRepo = createSitesRepository(db);
  const sites = overrides.sites ?? createSitesService(sitesRepo, config.defaultSite);
  const events =
    overrides.events ??
    createEventBus(config.redisUrl ? createRedisEventRelay(config.redisUrl, config.redisPrefix) : undefined);
  const entitlements =
    overrides.entitlements ??
    createEntitlementsService({
      repo: createEntitlementsRepository(db),
      getUser: (id) => auth.getUser(id),
      roles,
      events,
      now,
    });
  const recommendations =
    overrides.recommendations ??
    createRecommendationsService({
      repo: createRecommendationsRepository(db),
      now,
      secret: config.authSecret,
      log,
    });
  const favoritesRepo = createFavoritesRepository(db);
  const progressRepo = createProgressRepository(db);
  const catalog =
    overrides.catalog ??
    createCatalogService({
      repo: createCatalogRepository(db),
      now,
      // A viewer's own fields on catalog videos (decision 0076): one read of each store per response.
      engagement: {
        favorited: (userId, site, uids) => favoritesRepo.favorited(userId, site, uids),
        positions: (userId, site, uids) =>
          progressRepo.forContent(userId, site, { videoUids: uids, seriesUids: [] }),
      },
      // Argoid ranks "recommended" on sites with the argoid flag (decision 0061), ours otherwise.
      recommender: withArgoid(recommendations, {
        argoid: config.argoid ? createArgoidClient(config.argoid, log) : null,
        isOn: async (site) => (await sites.byUid(site)).perms.argoid,
      }),
    });
  const progress =
    overrides.progress ??
    createProgressService({
      repo: progressRepo,
      findVideo: (site, uid) =>
        catalog.video(site, uid).catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 404) return undefined;
          throw err;
        }),
      now,
    });
  const watchList = createWatchListService({ repo: createWatchListRepository(db), catalog, progress, now });
  const analytics =
    overrides.analytics ??
    createAnalyticsService({
      repo: createAnalyticsRepository(db),
      roles,
      now,
      log,
    });
  const droppedCarts = createDroppedCartsService({
    repo: createDroppedCartsRepository(db),
    roles,
    requireBundle: (siteUid, id) => commerce.offers.bundle(siteUid, id, null),
    heldBundles: (siteUid, userId) =>
      commerce.offers.liveBundleIds(siteUid, { id: userId, siteUid, email: '', roles: [], sessionId: '' }),
    now,
  });
  // A purchase of a bundle ends the viewer's dropped cart of it (best effort: a failure is logged).
  events.on('purchaseChanged', ({ siteUid, userId }) => {
    droppedCarts
      .purchased(siteUid, userId)
      .catch((err: unknown) => log.warn({ err }, 'dropped carts not updated'));
  });
  const commerce = createCommerceModule({
    db,
    sites,
    siteGateways: (siteUid) => sitesRepo.paymentGateways(siteUid),
    testGateway: testPaymentsAllowed(config),
    captcha,
    stripe: config.stripe,
    paypal: config.paypal,
    authorizenet: config.authorizenet,
    now,
    log,
    events,
    mailer,
  });
  const playback = createPlaybackService({
    repo: playbackRepo,
    signer: mediaSigner,
    ttlSeconds: config.playUrlTtlSeconds,
    now,
    onPlay: (play) => recommendations.recordPlay(play),
    entitlements: (siteUid, userId) => entitlements.forUser(siteUid, userId),
    sessionIsLive: (sessionId) => auth.sessionIsLive(sessionId),
    playerScripts: config.playerScripts,
  });
  const watchParty = createWatchPartyService({
    repo: createWatchPartyRepository(db),
    catalog,
    userName: async (user) =>
      (await auth.getUser(user.id))?.first_name.trim() || user.email.split('@')[0] || 'Guest',
    roles,
    publish: (change) => events.emit('partyChanged', change),
    limiter,
    now,
  });
  const jobs = createJobsService(createJobsRepository(db));
  const gifs = createGifsService({
    repo: createGifsRepository(db),
    limiter,
    source: (siteUid, uid, user, minWidth) => playback.gifSource(siteUid, uid, user, minWidth),
    enqueue: (type, payload) => jobs.enqueue(type, payload),
    now,
  });
  const moments = createMomentsService({
    repo: createMomentsRepository(db),
    limiter,
    video: (siteUid, uid) => catalog.video(siteUid, uid),
    gif: (siteUid, gifId) => gifs.get(siteUid, null, gifId),
    now,
  });
  // One entry per dependency a node needs to serve.
  const readiness: ReadinessCheck[] = [
    { name: 'database', check: () => pingDatabase(db) },
    ...(config.redisUrl ? [{ name: 'redis', check: () => limiter.ping() }] : []),
    ...(config.s3 ? [{ name: 'storage', check: () => mediaStorage(config).ping() }] : []),
    // The data folder (secrets, outbox, local media) must take writes.
    { name: 'disk', check: () => access(config.dataDir, constants.W_OK) },
  ];
  return {
    config,
    db,
    metrics,
    readiness,
    sites,
    roles,
    catalog,
    now,
    mediaSigner,
    playback,
    live: createLiveService({ repo: playbackRepo, signer: mediaSigner, now }),
    auth,
    recovery: createRecoveryService({
      repo: createRecoveryRepository(db),
      auth,
      roles,
      mailer,
      limiter,
      now,
      passwords,
    }),
    devices: createDevicesService({ repo: createDevicesRepository(db), auth, limiter, now }),
    profile: createProfileService({
      repo: createProfileRepository(db),
      auth,
      roles,
      mailer,
      limiter,
      now,
      log,
      passwords,
    }),
    limiter,
    sessions,
    passwords,
    mailer,
    search: createSearchService({ repo: createSearchRepository(db), now }),
    social: createSocialService({
      config: config.social,
      authSecret: config.authSecret,
      repo: createSocialRepository(db),
      auth,
      sites,
      now,
    }),
    progress,
    recommendations,
    watchList,
    favorites: createFavoritesService({
      repo: favoritesRepo,
      requireVideo: (site, uid) => catalog.video(site, uid),
      videosByUid: (site, uids) => catalog.videosByUid(site, uids),
      history: (userId, site, q) => progress.list(userId, site, q),
      now,
    }),
    analytics,
    entitlements,
    commerce,
    events,
    ads:
      overrides.ads ??
      createAdsService({
        analytics,
        adsDir: join(config.dataDir, 'ads'),
        selfOrigin: `http://127.0.0.1:${config.port}`,
      }),
    library: createLibraryService({
      catalog,
      entitlements: (siteUid, userId) => entitlements.forUser(siteUid, userId),
    }),
    queues: createQueueService({ catalog, watchList }),
    watchParty,
    chat: createChatService({
      repo: createChatRepository(db),
      roles,
      limiter,
      secret: config.authSecret,
      now,
      // A live event's or a video's room needs its (non-private) video, a live channel's room the
      // channel; a party's room, a party the user may open (roomAccess, decisions 0045, 0046).
      roomExists: async (site, room) => {
        if (room.kind === 'channel')
          return catalog.liveChannel(site, room.id, {}).then(
            () => true,
            (err: { statusCode?: number }) => (err.statusCode === 404 ? false : Promise.reject(err)),
          );
        if (room.kind !== 'live' && room.kind !== 'video') return true;
        const video = (await catalog.videosByUid(site, [room.id])).get(room.id);
        return !!video && (room.kind === 'video' || video.type === 'liveEvent');
      },
      // A live, video or channel room follows its content's access rules (decision 0053).
      mayWatch: (site, room, user) =>
        playback.mayAccess(site, room.kind === 'channel' ? 'liveChannel' : 'video', room.id, user),
      roomAccess: async (user, site, room) => {
        const party = await watchParty.get(user, site, room.id);
        if (!party.members.some((m) => m.userId === user.id))
          throw new AppError(403, 'notPartyMember', CHAT_PARTY_MEMBERS_MESSAGE);
      },
    }),
    jobs,
    gifs,
    moments,
    reports: createReportsService({ repo: createReportsRepository(db), roles, limiter, moments, gifs, now }),
    droppedCarts,
    playbackQuality:
      overrides.playbackQuality ??
      createPlaybackQualityService({
        repo: createPlaybackQualityRepository(db),
        roles,
        videoTitles: async (siteUid, uids) =>
          new Map([...(await catalog.videosByUid(siteUid, uids))].map(([uid, v]) => [uid, v.title])),
        now,
      }),
    sharing: createSharingService({
      repo: createSharingRepository(db),
      roles,
      video: (siteUid, uid) => catalog.video(siteUid, uid),
      series: (siteUid, uid) => catalog.series(siteUid, uid),
      gif: (siteUid, gifId) => gifs.get(siteUid, null, gifId),
      facebook: config.facebookGraph
        ? createFacebookGraph({
            appToken: config.facebookGraph.appToken,
            baseUrl: config.facebookGraph.baseUrl,
          })
        : null,
      now,
    }),
    ...overrides,
  };
}
