import { CARD_SIZES, cardImage, cardLinks, nextSlide, previousSlide, truncateTitle } from '@marquee/domain';
import type { DiscoverRow } from '@marquee/contract';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startCarouselRotation } from '../utils/carousel-rotation';
import { targetHref } from '../utils/links';

interface FeaturedCarouselProps {
  row: DiscoverRow;
  /** 'hero' shows the first item alone, without rotation. */
  hero?: boolean;
}

/**
 * The featured row (§2.2): a carousel that advances every 5000 ms, pauses on hover, on focus and with
 * its Pause button, and answers the arrow keys; or a single hero.
 */
export function FeaturedCarousel({ row, hero }: FeaturedCarouselProps) {
  const { t } = useTranslation('discover');
  const slides = hero ? row.items.slice(0, 1) : row.items;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const count = slides.length;
  const reducedMotion =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const running = count > 1 && !paused && !held && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    return startCarouselRotation(() => setIndex((i) => nextSlide(i, count)));
  }, [running, count]);

  if (count === 0) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') setIndex((i) => nextSlide(i, count));
    else if (e.key === 'ArrowLeft') setIndex((i) => previousSlide(i, count));
    else return;
    e.preventDefault();
  };
  const { width, height } = CARD_SIZES.thumbs;
  return (
    <section
      className="featured"
      data-testid="featured"
      data-row-type={row.type}
      aria-roledescription="carousel"
      aria-label={row.title || t('carousel.label')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="featured__slides" aria-live={running ? 'off' : 'polite'}>
        {slides.map((item, i) => {
          const links = cardLinks(item, row.source?.kind === 'channel' ? row.source.id : null);
          const image = cardImage(item, 'thumbs');
          const detailsHref = targetHref(links.details);
          const playHref = targetHref(links.play);
          return (
            <div
              key={`${item.uid}-${i}`}
              className="featured__slide"
              data-testid="featured-slide"
              data-video-uid={item.uid}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { index: i + 1, count })}
              hidden={i !== index}
            >
              {image ? (
                <img
                  className="featured__img"
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="100vw"
                  width={width}
                  height={height}
                  // The shown slide and its neighbours load now, so Next never shows an empty frame.
                  loading={Math.abs(i - index) <= 1 || (index === 0 && i === count - 1) ? 'eager' : 'lazy'}
                  // The first slide is the landing's largest paint (the server preloads it too).
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding="async"
                  alt=""
                />
              ) : null}
              <div className="featured__info">
                <h2 className="featured__title">{truncateTitle(item.title)}</h2>
                <div className="featured__actions">
                  <Link className="button" to={playHref} data-testid="featured-play">
                    {t('carousel.watch')}
                  </Link>
                  {detailsHref !== playHref ? (
                    <Link className="button button--ghost" to={detailsHref}>
                      {t('carousel.details')}
                    </Link>
                  ) : null}
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="featured__controls">
          <button
            type="button"
            className="featured__button"
            aria-label={t('carousel.previous')}
            onClick={() => setIndex((i) => previousSlide(i, count))}
          >
            ‹
          </button>
          <button
            type="button"
            className="featured__button"
            data-testid="carousel-pause"
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? t('carousel.resume') : t('carousel.pause')}
          </button>
          <button
            type="button"
            className="featured__button"
            aria-label={t('carousel.next')}
            data-testid="carousel-next"
            onClick={() => setIndex((i) => nextSlide(i, count))}
          >
            ›
          </button>
          <span className="featured__dots">
            {slides.map((item, i) => (
              <button
                key={`${item.uid}-dot-${i}`}
                type="button"
                className="featured__dot"
                aria-label={t('carousel.goTo', { index: i + 1 })}
                aria-current={i === index || undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </span>
        </div>
      ) : null}
    </section>
  );
}
