import type { ReactNode } from 'react';

/** The top of a movie or series screen: backdrop, poster, title, facts and description, then actions. */
export function TitleHero({
  title,
  poster,
  backdrop,
  facts,
  description,
  credits,
  children,
}: {
  title: string;
  poster: string | null;
  backdrop: string | null;
  facts: string[];
  description: string;
  credits: { label: string; names: string[] }[];
  children: ReactNode;
}) {
  return (
    <header className="tv-title">
      {backdrop ? <img className="tv-title__backdrop" src={backdrop} alt="" /> : null}
      {poster ? <img className="tv-title__poster" src={poster} alt="" width={240} height={360} /> : null}
      <div className="tv-title__text">
        <h1 className="tv-title__name">{title}</h1>
        {facts.length > 0 ? <p className="tv-title__facts">{facts.join(' · ')}</p> : null}
        <p className="tv-title__description">{description}</p>
        {credits
          .filter((c) => c.names.length > 0)
          .map((c) => (
            <p key={c.label} className="tv-title__credits">
              <span>{c.label}:</span> {c.names.join(', ')}
            </p>
          ))}
        <div className="tv-title__actions">{children}</div>
      </div>
    </header>
  );
}
