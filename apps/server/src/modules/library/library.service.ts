import type { LibraryPage, LibraryType } from '@marquee/contract';
import type { Entitlements } from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import type { CatalogService, OwnedScope, Paging } from '../catalog';
import { ownSite, type Site } from '../sites';

export type LibraryService = ReturnType<typeof createLibraryService>;

/**
 * What the viewer's entitlements own in the catalog (decision 0030): ENTIRE_SITE → every listed
 * movie and series; CHANNELS → those channels' movies and series (a series by its default channel or
 * an episode in the channel); items held one by one (PRODUCT lists, rentals, one-item purchases) →
 * those movies, and the series of those episodes; a purchased series → that series.
 */
export function ownedScope(e: Entitlements): OwnedScope {
  return { all: e.entireSite, channelIds: e.channels, videoUids: e.videoUids, seriesUids: e.seriesUids };
}

/**
 * The signed-in viewer's library on their own site. Nothing is cached here: the entitlements are
 * the user's own (their service keeps them briefly per user), the pages are read per request.
 */
export function createLibraryService(deps: {
  catalog: Pick<CatalogService, 'ownedMovies' | 'ownedSeries'>;
  entitlements: (siteUid: string, userId: string) => Promise<Entitlements>;
}) {
  return {
    async page(user: AuthUser, site: Site, type: LibraryType, p: Paging): Promise<LibraryPage> {
      ownSite(site, user);
      const scope = ownedScope(await deps.entitlements(site.uid, user.id));
      return type === 'series'
        ? deps.catalog.ownedSeries(site.uid, scope, p)
        : deps.catalog.ownedMovies(site.uid, scope, p);
    },
  };
}
