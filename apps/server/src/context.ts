import type { Db } from './db/database';
import { createAccessTokens } from './modules/auth/access-token';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService, type CatalogService } from './modules/catalog/catalog.service';
import { createLiveService, type LiveService } from './modules/playback/live.service';
import { createMediaSigner, type MediaSigner } from './modules/playback/media-token';
import { createPlaybackRepository } from './modules/playback/playback.repository';
import { createPlaybackService, type PlaybackService } from './modules/playback/playback.service';
import { createSitesRepository } from './modules/sites/sites.repository';
import { createSitesService, type SitesService } from './modules/sites/sites.service';
import type { Config } from './plugins/config';

/** The services every route plugin receives. Built once per app; tests may pass their own parts. */
export type AppContext = {
  config: Config;
  db: Db;
  sites: SitesService;
  /** Wall clock in epoch ms; tests pass their own to move time without sleeping. */
  now: () => number;
  mediaSigner: MediaSigner;
  playback: PlaybackService;
  live: LiveService;
  catalog: CatalogService;
  auth: AuthService;
};

/** Lifetime of an access token (the refresh token lasts 30 days). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export function createContext(config: Config, db: Db, overrides: Partial<AppContext> = {}): AppContext {
  const now = overrides.now ?? (() => Date.now());
  const mediaSigner = createMediaSigner(config.mediaSecret);
  const playbackRepo = createPlaybackRepository(db);
  return {
    config,
    db,
    sites: createSitesService(createSitesRepository(db), config.defaultSite),
    catalog: createCatalogService(createCatalogRepository(db)),
    now,
    mediaSigner,
    playback: createPlaybackService({
      repo: playbackRepo,
      signer: mediaSigner,
      ttlSeconds: config.playUrlTtlSeconds,
      now,
    }),
    live: createLiveService({ repo: playbackRepo, signer: mediaSigner, now }),
    auth: createAuthService({
      repo: createAuthRepository(db),
      tokens: createAccessTokens(config.authSecret, ACCESS_TOKEN_TTL_SECONDS, now),
      now,
    }),
    ...overrides,
  };
}
