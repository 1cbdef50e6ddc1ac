import type { Db } from './db/database';
import { createSitesRepository } from './modules/sites/sites.repository';
import { createSitesService, type SitesService } from './modules/sites/sites.service';
import type { Config } from './plugins/config';

/** The services every route plugin receives. Built once per app; tests may pass their own parts. */
export type AppContext = {
  config: Config;
  db: Db;
  sites: SitesService;
};

export function createContext(config: Config, db: Db, overrides: Partial<AppContext> = {}): AppContext {
  return {
    config,
    db,
    sites: createSitesService(createSitesRepository(db), config.defaultSite),
    ...overrides,
  };
}
