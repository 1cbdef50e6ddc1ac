import type { EpgEntry, LiveChannel } from '@marquee/contract';
import { padChannelNumber } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../utils/clock';

/** The selected channel's number and name with the programme on now and the next one (60 s timer). */
export function EpgChannelInfo({
  channel,
  now,
  next,
}: {
  channel: LiveChannel;
  now: EpgEntry | null;
  next: EpgEntry | null;
}) {
  const { t, i18n } = useTranslation('epg');
  const clock = (time: string) => formatClock(time, i18n.language);
  return (
    <div className="epg__info" data-testid="epg-info" data-channel-id={channel.id}>
      <h2 className="epg__channel-title">
        <span className="epg__number">{padChannelNumber(channel.channelNum)}</span> {channel.name}
      </h2>
      {now ? (
        <div data-testid="epg-now">
          <p className="epg__now">
            <span className="epg__badge">{t('live')}</span> <strong>{now.title}</strong>{' '}
            <span className="epg__muted">{t('range', { from: clock(now.start), to: clock(now.stop) })}</span>
          </p>
          {now.description ? <p className="epg__muted epg__description">{now.description}</p> : null}
        </div>
      ) : (
        <p className="epg__muted" data-testid="epg-now">
          {t('noProgramme')}
        </p>
      )}
      {next ? (
        <p className="epg__next" data-testid="epg-next">
          {t('nextAt', { time: clock(next.start), title: next.title })}
        </p>
      ) : null}
    </div>
  );
}
