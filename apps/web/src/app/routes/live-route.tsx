import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ChatPanel } from '../../features/chat';
import { useSiteConfig } from '../../features/site';
import { LiveView } from '../../features/watch';
import { useLeave } from './use-leave';

/**
 * Live channels without an EPG tab: `/live-tv/:channelId` and `/live-tv?channel=` (lazy: it pulls in
 * the player). The EPG tab has its own route (epg-route.tsx).
 */
export default function LiveRoute() {
  const { channelId } = useParams();
  const [search] = useSearchParams();
  const leave = useLeave(useNavigate());
  const selected = channelId ?? search.get('channel');
  const perms = useSiteConfig().data?.perms;
  // The channel's chat (decision 0045), unless the site hides chat.
  const chat =
    perms && !perms.hideChat
      ? (chatId: string) => (
          <ChatPanel chatId={chatId} chatroll={perms.chatroll} loginHref={paths.login.getHref()} />
        )
      : undefined;
  return <LiveView channelId={selected} hrefFor={paths.liveChannel.getHref} onLeave={leave} chat={chat} />;
}
