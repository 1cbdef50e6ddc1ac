import type { LiveChannel } from '@marquee/contract';
import { nowAndNext, padChannelNumber, type Milliseconds } from '@marquee/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The viewer's last-viewed channels on this device (§2.5), most recent first, as a short row. */
export function EpgLastViewed({
  channels,
  selectedId,
  now,
  hrefFor,
}: {
  channels: readonly LiveChannel[];
  selectedId: string | null;
  now: Milliseconds;
  hrefFor: (channelId: string) => string;
}) {
  const { t } = useTranslation('epg');
  const heading = useId();
  if (channels.length === 0) return null;
  return (
    <nav className="epg__last-viewed" aria-labelledby={heading} data-testid="epg-last-viewed">
      <h2 id={heading} className="epg__section-title">
        {t('lastViewed')}
      </h2>
      <ul>
        {channels.map((channel) => {
          const on = nowAndNext(channel.epg, now).now;
          return (
            <li key={channel._id}>
              <Link
                className="epg-chip epg-chip--channel"
                to={hrefFor(channel.id)}
                replace
                preventScrollReset
                aria-current={channel.id === selectedId ? 'true' : undefined}
                data-testid="epg-last-viewed-channel"
                data-channel-id={channel.id}
              >
                <span className="epg__number">{padChannelNumber(channel.channelNum)}</span>
                <span>{channel.name}</span>
                {on ? <span className="epg__muted epg-chip__extra">{on.title}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
