import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { memo, useCallback, useState } from 'react';
import { cardLinks } from '@marquee/domain';
import { cardFocusKey as cardKey } from '../../../lib/focus-memory';
import type { CardLinks } from '../utils/card';
import type { TvRow } from '../utils/my-rows';
import { cardRange, nextFirstInView } from '../utils/windowing';
import { TvCard } from './tv-card';

interface DiscoverRowProps {
  row: TvRow;
  rowIndex: number;
  /** False for a row far from the focused one: its title and its height, no cards. */
  near: boolean;
  /** The card focused first (a focus restored on return); 0 otherwise. */
  initialFocus: number;
  /** Stable: the route a card opens. */
  hrefFor: (links: CardLinks, resume: boolean) => string;
  /** Stable: told of every card focused in this row. */
  onCardFocused: (rowIndex: number, rowId: string, cardIndex: number) => void;
}

/**
 * One discover row: a single line of cards that scrolls sideways. Only the cards in view and a margin
 * each side are mounted (utils/windowing.ts); spacers keep the others' room, so scroll positions and
 * spatial navigation's geometry are those of the whole row. Down or Up into the row returns to the
 * card focused there last (the one restored, or the first). A move along the row renders the row
 * again (to remember its card) but none of its memoized cards other than the two it touches.
 */
export const DiscoverRow = memo(function DiscoverRow({
  row,
  rowIndex,
  near,
  initialFocus,
  hrefFor,
  onCardFocused,
}: DiscoverRowProps) {
  const count = row.cards.length;
  // The card focused last here and the first in view. Spatial navigation's own memory of the last
  // focused child is lost when the row goes far and its cards unmount, so the row keeps it.
  const [{ lastFocused, firstInView }, setView] = useState(() => ({
    lastFocused: Math.min(initialFocus, count - 1),
    firstInView: nextFirstInView(0, initialFocus),
  }));
  const { ref, focusKey } = useFocusable({
    focusKey: `row-${row.id}`,
    // A far row has no cards to take focus: spatial navigation passes over it.
    focusable: near,
    saveLastFocusedChild: true,
    preferredChildFocusKey: cardKey(row.id, lastFocused),
  });
  const { id } = row;
  const onFocusIndex = useCallback(
    (index: number) => {
      setView((view) => {
        const first = nextFirstInView(view.firstInView, index);
        // Unchanged (entering the row on its remembered card): no render.
        return view.lastFocused === index && view.firstInView === first
          ? view
          : { lastFocused: index, firstInView: first };
      });
      onCardFocused(rowIndex, id, index);
    },
    [onCardFocused, rowIndex, id],
  );

  const range = near ? cardRange(firstInView, count) : { start: count, end: count };
  return (
    <section
      className="tv-row"
      data-testid="discover-row"
      data-row-id={row.id}
      data-card-count={count}
      data-rendered-cards={range.end - range.start}
      aria-label={row.title}
    >
      <h2 className="tv-row__title">{row.title}</h2>
      <FocusContext.Provider value={focusKey}>
        <div ref={ref} className="tv-strip">
          <span
            className="tv-strip__spacer"
            style={{ width: `calc(${range.start} * var(--tv-card-step))` }}
          />
          {row.cards.slice(range.start, range.end).map(({ video, progress }, offset) => {
            const i = range.start + offset;
            return (
              <TvCard
                key={`${video.uid}-${i}`}
                video={video}
                progress={progress}
                index={i}
                focusKey={cardKey(row.id, i)}
                onFocusIndex={onFocusIndex}
                href={hrefFor(cardLinks(video, row.channelId), row.resume)}
              />
            );
          })}
          <span
            className="tv-strip__spacer"
            style={{ width: `calc(${count - range.end} * var(--tv-card-step))` }}
          />
        </div>
      </FocusContext.Provider>
    </section>
  );
});
