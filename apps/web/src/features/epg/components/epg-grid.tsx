import type { LiveChannel } from '@marquee/contract';
import {
  channelNeedsLogin,
  padChannelNumber,
  visibleProgrammes,
  type EpgWindow,
  type Milliseconds,
} from '@marquee/domain';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatClock } from '../utils/clock';
import { EpgTimebar } from './epg-timebar';

interface EpgGridProps {
  view: EpgWindow;
  channels: readonly LiveChannel[];
  selectedId: string | null;
  /** The programme timer's now: marks the programmes on air. */
  now: Milliseconds;
  signedIn: boolean;
  hrefFor: (channelId: string) => string;
}

/** Up/Down (and Home/End) move between the channel links, the way a guide is read. */
function onChannelKeys(e: KeyboardEvent<HTMLUListElement>) {
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('.epg-row__channel')];
  const at = links.indexOf(e.target as HTMLAnchorElement);
  if (at < 0) return;
  const to =
    e.key === 'ArrowDown'
      ? at + 1
      : e.key === 'ArrowUp'
        ? at - 1
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? links.length - 1
            : null;
  if (to === null) return;
  e.preventDefault();
  links[Math.max(0, Math.min(links.length - 1, to))]?.focus();
}

/**
 * The schedule (§2.5): a time header with the 4 visible 30-minute slots, and one row per channel
 * (number padded to 3 digits, name) with its programmes placed and clipped by start and stop inside
 * the window, and the now-line. The channel column stays put while the grid scrolls sideways.
 */
export function EpgGrid({ view, channels, selectedId, now, signedIn, hrefFor }: EpgGridProps) {
  const { t, i18n } = useTranslation('epg');
  const navigate = useNavigate();
  const clock = (time: number | string) => formatClock(time, i18n.language);
  const select = (id: string) => void navigate(hrefFor(id), { replace: true, preventScrollReset: true });

  return (
    <div
      className="epg-grid"
      role="region"
      aria-label={t('schedule')}
      tabIndex={0}
      data-testid="epg-grid"
      data-window-start={new Date(view.start).toISOString()}
    >
      <div className="epg-grid__inner">
        <div className="epg-grid__head">
          <span className="epg-grid__corner">{t('channel')}</span>
          <ol className="epg-grid__slots">
            {view.slots.map((slot) => (
              <li key={slot} className="epg-grid__slot" data-testid="epg-slot">
                <time dateTime={new Date(slot).toISOString()}>{clock(slot)}</time>
              </li>
            ))}
          </ol>
        </div>
        {channels.length === 0 ? (
          <p className="epg-grid__empty" data-testid="epg-category-empty">
            {t('categoryEmpty')}
          </p>
        ) : (
          <ul className="epg-grid__rows" onKeyDown={onChannelKeys}>
            {channels.map((channel) => {
              const number = padChannelNumber(channel.channelNum);
              const selected = channel.id === selectedId;
              const locked = channelNeedsLogin(channel.accessType, signedIn);
              const programmes = visibleProgrammes(channel.epg, view);
              return (
                <li
                  key={channel._id}
                  className={`epg-row${selected ? ' epg-row--selected' : ''}`}
                  data-testid="epg-channel"
                  data-channel-id={channel.id}
                  data-access={channel.accessType}
                >
                  <Link
                    className="epg-row__channel"
                    to={hrefFor(channel.id)}
                    replace
                    preventScrollReset
                    aria-current={selected ? 'true' : undefined}
                  >
                    <span className="epg__number" data-testid="epg-channel-number">
                      {number}
                    </span>
                    <span className="epg-row__name">{channel.name}</span>
                    {locked ? <span className="epg-row__lock">{t('loginRequired')}</span> : null}
                  </Link>
                  {/* A click anywhere on the row's programmes selects the channel too (the link is the keyboard way). */}
                  <div className="epg-row__timeline" onClick={() => select(channel.id)}>
                    {programmes.length === 0 ? (
                      <span className="epg-row__none">{t('noProgramme')}</span>
                    ) : (
                      <ol
                        className="epg-row__programmes"
                        aria-label={t('programmesOn', { channel: channel.name })}
                      >
                        {programmes.map(({ programme, span }) => {
                          const onAir =
                            Date.parse(programme.start) <= now && now < Date.parse(programme.stop);
                          return (
                            <li
                              key={programme.id}
                              className={[
                                'epg-programme',
                                onAir ? 'epg-programme--on-air' : '',
                                span.clippedStart ? 'epg-programme--clipped-start' : '',
                                span.clippedEnd ? 'epg-programme--clipped-end' : '',
                              ]
                                .filter(Boolean)
                                .join(' ')}
                              style={{ left: `${span.startPct}%`, width: `${span.widthPct}%` }}
                              data-testid="epg-programme"
                              data-start={programme.start}
                              data-stop={programme.stop}
                            >
                              <span className="epg-programme__title">{programme.title}</span>
                              <span className="epg-programme__time">
                                {t('range', { from: clock(programme.start), to: clock(programme.stop) })}
                              </span>
                            </li>
                          );
                        })}
                      </ol>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div className="epg-grid__overlay" aria-hidden="true">
          <EpgTimebar view={view} />
        </div>
      </div>
    </div>
  );
}
