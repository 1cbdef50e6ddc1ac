import type { DiscoverRow as Row } from '@marquee/contract';
import { useRowScroller } from '../hooks/use-row-scroller';
import { cardChannelId } from '../utils/card';
import { VideoCard } from './video-card';

interface DiscoverRowProps {
  row: Row;
  /** Builds a card's link from its channel and video uid. */
  hrefFor: (channelId: string, videoUid: string) => string;
  index: number;
}

/** One thumb row: a title and a horizontally scrolling list of cards with left/right scrollers. */
export function DiscoverRow({ row, hrefFor, index }: DiscoverRowProps) {
  const { ref, canLeft, canRight, scrollLeft, scrollRight } = useRowScroller<HTMLUListElement>();
  const headingId = `row-${index}-title`;
  return (
    <section
      className="row"
      data-testid="discover-row"
      data-row-id={row.id}
      data-row-type={row.type}
      aria-labelledby={headingId}
    >
      <h2 className="row__title" id={headingId}>
        {row.title}
      </h2>
      <div className="row__viewport">
        <button
          type="button"
          className="row__scroller row__scroller--left"
          aria-label={`Scroll ${row.title} left`}
          onClick={scrollLeft}
          hidden={!canLeft}
          tabIndex={-1}
        >
          ‹
        </button>
        <ul className="row__items" ref={ref}>
          {row.items.map((video, i) => (
            <li key={`${video.uid}-${i}`} className="row__item">
              <VideoCard
                video={video}
                href={hrefFor(cardChannelId(video, row), video.uid)}
                eager={index === 0 && i < 4}
              />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="row__scroller row__scroller--right"
          aria-label={`Scroll ${row.title} right`}
          onClick={scrollRight}
          hidden={!canRight}
          tabIndex={-1}
        >
          ›
        </button>
      </div>
    </section>
  );
}
