import type { LiveChannel } from '@marquee/contract';
import type { Player as CorePlayer } from '@marquee/player';
import { Player, useLiveChannelAnalytics } from '@marquee/player/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayState } from '../utils/play-state';

interface EpgStageProps {
  channel: LiveChannel | null;
  state: PlayState;
  loginHref: (channelId: string) => string;
  onRetry: () => void;
}

/**
 * The player in the page (§2.5) for the selected channel, or what stands in for it: a sign-in prompt
 * for a requires-login channel, off air, a purchase or an error notice.
 */
export function EpgStage({ channel, state, loginHref, onRetry }: EpgStageProps) {
  const { t } = useTranslation('epg');
  const name = channel?.name ?? '';
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  useLiveChannelAnalytics(state.kind === 'play' ? player : null, channel?.id);
  return (
    <div className="epg__stage" data-testid="epg-stage" data-state={state.kind}>
      {state.kind === 'play' ? (
        <Player src={state.url} live autoplay fill title={name} onPlayer={setPlayer} />
      ) : state.kind === 'login' && channel ? (
        <div className="epg-notice" role="region" aria-label={t('loginRequired')} data-testid="epg-sign-in">
          <h2 className="epg-notice__title">{t('signInTitle', { channel: name })}</h2>
          <p className="epg-notice__body">{t('signInBody')}</p>
          <Link className="button" to={loginHref(channel.id)} data-testid="epg-sign-in-link">
            {t('signIn')}
          </Link>
        </div>
      ) : state.kind === 'offAir' ? (
        <div className="epg-notice" data-testid="epg-off-air">
          <h2 className="epg-notice__title">{t('offAir')}</h2>
          <p className="epg-notice__body">{t('offAirBody')}</p>
        </div>
      ) : state.kind === 'purchase' ? (
        <div className="epg-notice" data-testid="epg-purchase">
          <h2 className="epg-notice__title">{t('purchaseTitle')}</h2>
          {state.message ? <p className="epg-notice__body">{state.message}</p> : null}
        </div>
      ) : state.kind === 'error' ? (
        <div className="epg-notice" role="alert" data-testid="epg-play-error">
          <h2 className="epg-notice__title">{t('playError')}</h2>
          <p className="epg-notice__body">{state.message}</p>
          <button type="button" className="button" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <div className="epg-notice" aria-busy="true" aria-label={t('loadingChannel')} />
      )}
    </div>
  );
}
