import { useTranslation } from 'react-i18next';

/** The category filter (§2.5 "It shows categories"): "All" first, then the tab's categories. */
export function EpgCategories({
  categories,
  active,
  onChange,
}: {
  categories: readonly string[];
  active: string | null;
  onChange: (category: string | null) => void;
}) {
  const { t } = useTranslation('epg');
  if (categories.length === 0) return null;
  return (
    <div className="epg__categories" role="group" aria-label={t('categories')} data-testid="epg-categories">
      {[null, ...categories].map((category) => (
        <button
          key={category ?? ''}
          type="button"
          className="epg-chip"
          aria-pressed={active === category}
          data-testid="epg-category"
          data-category={category ?? ''}
          onClick={() => onChange(category)}
        >
          {category ?? t('all')}
        </button>
      ))}
    </div>
  );
}
