import { CARD_SIZES, truncateTitle } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import './discover.css';

interface ChannelCardProps {
  channel: { channelId: string; name: string; thumbnail: string | null };
}

/** The featured-channel card (180x180, §2.10): both its links open the channel's details. */
export function ChannelCard({ channel }: ChannelCardProps) {
  const { t } = useTranslation('discover');
  const { width, height } = CARD_SIZES.featuredChannel;
  const href = paths.channelDetails.getHref('details', channel.channelId);
  return (
    <article className="card card--featuredChannel" data-testid="channel-card">
      <Link to={href} className="card__link" title={channel.name}>
        <span className="card__media" style={{ aspectRatio: `${width} / ${height}` }}>
          {channel.thumbnail ? (
            <img
              className="card__img"
              src={channel.thumbnail}
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              alt=""
            />
          ) : (
            <span className="card__img card__img--empty card__initial" aria-hidden="true">
              {channel.name.slice(0, 1)}
            </span>
          )}
        </span>
        <span className="card__title">{truncateTitle(channel.name)}</span>
      </Link>
      <span className="card__meta">
        <Link to={href} className="card__action" aria-label={t('card.detailsTitle', { title: channel.name })}>
          {t('card.details')}
        </Link>
      </span>
    </article>
  );
}
