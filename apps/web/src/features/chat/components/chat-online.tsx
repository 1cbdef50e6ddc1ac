import { useTranslation } from 'react-i18next';

/**
 * "N watching" (playback-and-social §9, decision 0053): the room's online count, shown only while
 * the server sends one (it has reached the site's threshold); null shows nothing. Not a live
 * region: it changes every few seconds in a busy room and is not worth interrupting a reader for.
 */
export function ChatOnlineCount({ online }: { online: number | null }) {
  const { t, i18n } = useTranslation('chat');
  if (online === null) return null;
  return (
    <p className="chat__online" data-testid="chat-online">
      {t('online', { count: online, formatted: online.toLocaleString(i18n.language) })}
    </p>
  );
}
