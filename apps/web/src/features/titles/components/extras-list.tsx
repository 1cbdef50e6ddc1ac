import type { Video } from '@marquee/contract';
import { CARD_SIZES, cardImage, formatDuration, truncateTitle } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface ExtrasListProps {
  title: string;
  items: readonly Video[];
  hrefFor: (extra: Video) => string;
  testId: string;
}

/** Trailers or extras of a title: landscape tiles that play each one. */
export function ExtrasList({ title, items, hrefFor, testId }: ExtrasListProps) {
  const { t } = useTranslation('titles');
  if (items.length === 0) return null;
  const { width, height } = CARD_SIZES.landscape;
  return (
    <section className="title-section" data-testid={testId} aria-label={title}>
      <h2 className="title-section__title">{title}</h2>
      <ul className="extras">
        {items.map((extra) => {
          const image = cardImage(extra);
          const duration = formatDuration(extra.contentDetails.duration);
          return (
            <li key={extra.uid} className="extras__item">
              <Link
                to={hrefFor(extra)}
                className="extras__link"
                data-testid="extra-link"
                title={t('playExtra', { title: extra.title })}
              >
                <span className="extras__media">
                  {image ? (
                    <img
                      src={image.src}
                      srcSet={image.srcSet}
                      sizes={`${width}px`}
                      width={width}
                      height={height}
                      loading="lazy"
                      decoding="async"
                      alt=""
                    />
                  ) : null}
                  {duration ? <span className="extras__duration">{duration}</span> : null}
                </span>
                <span className="extras__title">{truncateTitle(extra.title)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
