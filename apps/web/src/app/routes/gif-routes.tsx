import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CreateGifView, GifView } from '../../features/gifs';
import { useSiteConfig } from '../../features/site';
import { ReportButton } from '../../features/moderation';
import { loginHref, RequireLogin } from '../../lib/session';
import { StatusMessage } from '../../components/status-message';
import { SharePanel } from '../../components/share-panel';
import { paths } from '../../config/paths';

/** `/create-gif?videoUid&channel&t` (main.create-gif): login required (odrc=gif), hideGifCreator off. */
export function CreateGifRoute() {
  const [query] = useSearchParams();
  const videoUid = query.get('videoUid') ?? '';
  const channel = query.get('channel');
  const at = Math.max(0, Number(query.get('t')) || 0);
  const config = useSiteConfig().data;
  const { t } = useTranslation('gifs');
  if (config?.perms.hideGifCreator || !videoUid) {
    return (
      <StatusMessage kind="error" title={t('create.title')} testId="create-gif-unavailable">
        {videoUid ? t('create.unavailable') : t('create.missingVideo')}
      </StatusMessage>
    );
  }
  return (
    <RequireLogin intent="gif" params={{ videoUid, channel: channel ?? undefined }}>
      <CreateGifView videoUid={videoUid} channelId={channel} at={at} />
    </RequireLogin>
  );
}

/** `/gif/{gifId}` (main.gif): anyone may open a gif, and share it (decision 0049). */
export function GifRoute() {
  const { gifId = '' } = useParams();
  return (
    <GifView
      key={gifId}
      gifId={gifId}
      share={(gif, about) => (
        <SharePanel
          pageUrl={`${window.location.origin}${paths.gif.getHref(gif._id)}`}
          title={about.title}
          subject={{
            type: 'gif',
            id: gif._id,
            videoUid: gif.videoUid,
            ...(about.channelId ? { channelId: about.channelId } : {}),
          }}
        />
      )}
      actions={(gif) => (
        // Signed out, Report goes to login and back to the gif's video (no intent names a gif page).
        <ReportButton
          kind="gif"
          itemId={gif._id}
          loginHref={loginHref('watch', { videoUid: gif.videoUid })}
        />
      )}
    />
  );
}
