import { cardKind, parseChannelDetails } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';
import { ChannelDetailsView } from '../../features/channels';
import { ContentCard } from '../../features/discover';
import { useSession } from '@marquee/api-client/react';

/** `/channels/:type/:channelId` and `/channels/watch-list` (mode 'watch-list'). Lazy. */
export default function ChannelRoute({ mode }: { mode?: 'watch-list' }) {
  const { t } = useTranslation();
  const { type = '', channelId } = useParams();
  const { status, user } = useSession();
  const details =
    mode === 'watch-list'
      ? parseChannelDetails('watch-list', undefined)
      : parseChannelDetails(type, channelId);
  if (!details) return <StatusMessage kind="empty" title={t('notFound')} testId="not-found" />;
  // channelId is lowercase (§2.3): a mixed-case link goes to the canonical one.
  if (details.type === 'details' && channelId !== details.channelId) {
    return <Navigate replace to={paths.channelDetails.getHref('details', details.channelId)} />;
  }
  const key =
    details.type === 'details' ? details.channelId : details.type === 'watch-list' ? '' : details.by;
  return (
    <ChannelDetailsView
      key={`${details.type}/${key}`}
      details={details}
      signedIn={status === 'signedIn'}
      userId={user?.id ?? null}
      loginHref={paths.login.getHref()}
      renderItem={(item, i, listContent) => (
        <ContentCard
          item={listContent ? { ...item, listContent } : item}
          kind={cardKind(item, { row: details.type === 'watch-list' ? 'watchList' : undefined })}
          rowChannelId={details.type === 'details' ? details.channelId : null}
          eager={i < 4}
        />
      )}
    />
  );
}
