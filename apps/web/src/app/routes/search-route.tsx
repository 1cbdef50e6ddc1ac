import type { SearchHit } from '@marquee/contract';
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { readSearchState, SearchView, writeSearchState, type SearchState } from '../../features/search';
import { useSiteConfig } from '../../features/site';

/** Where a search hit leads: movie and series pages, else the watch screen. */
function hitHref(hit: SearchHit): string {
  switch (hit.searchType) {
    case 'movies':
      return paths.movie.getHref(hit.uid, { channel: hit.channel });
    case 'series':
      return paths.series.getHref(hit.uid, { channel: hit.channel });
    case 'moments':
      return `${paths.watch.getHref(hit.channel ?? 'none', hit.uid)}?tag=${encodeURIComponent(hit.moment?._id ?? '')}`;
    default:
      return paths.watch.getHref(hit.channel ?? 'none', hit.uid);
  }
}

/** `/searchs?q&type&sort&date` (main.search): the URL holds the query and the filters. */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const config = useSiteConfig();
  const state = readSearchState(params);
  const onChange = (next: SearchState) => setParams(writeSearchState(next), { replace: true });
  return (
    <SearchView
      state={state}
      onChange={onChange}
      options={config.data?.searchOptions}
      moments={config.data ? !config.data.perms.hideComments : false}
      hrefOf={hitHref}
    />
  );
}
