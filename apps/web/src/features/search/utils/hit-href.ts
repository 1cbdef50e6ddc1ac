import type { SearchHit } from '@marquee/contract';
import { searchWatchPath } from '@marquee/domain';
import { paths } from '../../../config/paths';

/**
 * Where a search hit leads: movie and series pages; a moment, its video at that moment; another hit,
 * the watch screen in its channel, or (a hit with no channel) in the 'search' pseudo-channel with the
 * query kept (discovery-and-site §2.3; decision 0069).
 */
export function searchHitHref(hit: SearchHit, q: string): string {
  switch (hit.searchType) {
    case 'movies':
      return paths.movie.getHref(hit.uid, { channel: hit.channel });
    case 'series':
      return paths.series.getHref(hit.uid, { channel: hit.channel });
    case 'moments':
      return `${paths.watch.getHref(hit.channel ?? 'none', hit.uid)}?tag=${encodeURIComponent(hit.moment?._id ?? '')}`;
    default:
      return hit.channel ? paths.watch.getHref(hit.channel, hit.uid) : searchWatchPath(hit.uid, q);
  }
}
