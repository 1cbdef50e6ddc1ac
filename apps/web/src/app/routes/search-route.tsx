import { useSearchParams } from 'react-router';
import {
  readSearchState,
  searchHitHref,
  SearchView,
  writeSearchState,
  type SearchState,
} from '../../features/search';
import { useSiteConfig } from '../../features/site';

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
      hrefOf={(hit) => searchHitHref(hit, state.q)}
    />
  );
}
