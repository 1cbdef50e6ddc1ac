import type { SearchHit } from '@marquee/contract';
import { truncateTitle } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One hit: a landscape card (thumbnail, truncated title, kind) linking to its page. */
export function SearchCard({ hit, href }: { hit: SearchHit; href: string }) {
  const { t } = useTranslation('search');
  const badge =
    hit.searchType === 'events'
      ? hit.ended
        ? t('card.ended')
        : t('card.live')
      : t(`types.${hit.searchType}`);
  // The link is named by what it shows (title, then kind), so speech matches the screen.
  return (
    <li className="search-card" data-testid="search-hit" data-uid={hit.uid} data-type={hit.searchType}>
      <Link to={href} className="search-card__link" title={hit.title}>
        <span className="search-card__thumb">
          {hit.thumbnail ? <img src={hit.thumbnail} alt="" loading="lazy" width={320} height={180} /> : null}
        </span>
        <span className="search-card__title" data-testid="search-hit-title">
          {truncateTitle(hit.title)}
        </span>
        <span className="search-card__badge">{badge}</span>
      </Link>
    </li>
  );
}
