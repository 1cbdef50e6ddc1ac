import { SEARCH_DATE_FILTERS, SEARCH_SORTS, type SearchSort } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import type { SearchState } from '../utils/search-params';

type Props = {
  state: SearchState;
  types: SearchState['type'][];
  onChange: (next: SearchState) => void;
};

/** The sidebar: a radio list by type, the sort choice and the date filters (discovery-and-site §2.4). */
export function SearchFilters({ state, types, onChange }: Props) {
  const { t } = useTranslation('search');
  return (
    <div className="search-filters" data-testid="search-filters">
      <fieldset className="search-filters__group">
        <legend>{t('filters.type')}</legend>
        {types.map((type) => (
          <label key={type} className="search-filters__radio">
            <input
              type="radio"
              name="search-type"
              value={type}
              checked={state.type === type}
              onChange={() => onChange({ ...state, type })}
            />
            {t(`types.${type}`)}
          </label>
        ))}
      </fieldset>
      <div className="search-filters__group">
        <label htmlFor="search-sort">{t('filters.sort')}</label>
        <select
          id="search-sort"
          data-testid="search-sort"
          value={state.sort ?? ''}
          onChange={(e) =>
            onChange({ ...state, sort: (e.target.value || undefined) as SearchSort | undefined })
          }
        >
          <option value="">{t('sorts.none')}</option>
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="search-filters__group">
        <legend>{t('filters.date')}</legend>
        {([undefined, ...SEARCH_DATE_FILTERS] as const).map((date) => (
          <label key={date ?? 'any'} className="search-filters__radio">
            <input
              type="radio"
              name="search-date"
              value={date ?? ''}
              checked={state.publishedWithin === date}
              onChange={() => onChange({ ...state, publishedWithin: date })}
            />
            {t(`dates.${date ?? 'any'}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
