import { CARD_SIZES } from '@marquee/domain';
import type { ReactNode } from 'react';

interface TitleHeroProps {
  title: string;
  poster: string | null;
  background: string | null;
  children: ReactNode;
  testId: string;
}

/** The top of a movie or series page: the background, the poster (240x360) and the title's details. */
export function TitleHero({ title, poster, background, children, testId }: TitleHeroProps) {
  const { width, height } = CARD_SIZES.poster;
  return (
    <header className="title-hero" data-testid={testId}>
      {background ? (
        <img
          className="title-hero__background"
          src={background}
          alt=""
          width={1280}
          height={720}
          decoding="async"
        />
      ) : null}
      <div className="title-hero__body">
        {poster ? (
          <img
            className="title-hero__poster"
            data-testid="title-poster"
            src={poster}
            alt={title}
            width={width}
            height={height}
            decoding="async"
          />
        ) : (
          <div className="title-hero__poster title-hero__poster--empty" aria-hidden="true" />
        )}
        <div className="title-hero__info">{children}</div>
      </div>
    </header>
  );
}

/** A labelled list of names (genres, cast, directors); nothing when empty. */
export function MetaList({
  label,
  items,
  testId,
}: {
  label: string;
  items: readonly string[];
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="title-meta" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{items.join(', ')}</dd>
    </div>
  );
}

/** The loading skeleton of a title page. */
export function TitleSkeleton({ label }: { label: string }) {
  return (
    <div className="title-page" data-testid="title-loading" aria-busy="true" aria-label={label}>
      <div className="title-hero">
        <div className="title-hero__body">
          <div className="title-hero__poster title-skeleton" />
          <div className="title-hero__info">
            <div className="title-skeleton title-skeleton--title" />
            <div className="title-skeleton title-skeleton--line" />
            <div className="title-skeleton title-skeleton--line" />
          </div>
        </div>
      </div>
    </div>
  );
}
