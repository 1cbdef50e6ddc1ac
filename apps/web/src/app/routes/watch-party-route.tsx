import type { Video } from '@marquee/contract';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AgeRestricted, BirthDateModal, useAgeGate } from '../../features/watch';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../components/status-message';
import { PartyScreen } from '../../features/watch-party';
import { ChatPanel } from '../../features/chat';
import { useSiteConfig } from '../../features/site';
import { loginHref, RequireLogin } from '../../lib/session';
import { paths } from '../../config/paths';

/** `/watch-party?pid` (main.watch-party {pid}): the lobby and the party; login required (odrc=watchPartyLobby). Lazy. */
export default function WatchPartyRoute() {
  const [query] = useSearchParams();
  const pid = query.get('pid') ?? '';
  return (
    <RequireLogin intent="watchPartyLobby" params={{ pid }}>
      <Party pid={pid} />
    </RequireLogin>
  );
}

function Party({ pid }: { pid: string }) {
  const { t } = useTranslation('watchParty');
  const navigate = useNavigate();
  const config = useSiteConfig().data;
  if (!pid) {
    return (
      <StatusMessage kind="error" title={t('title')} testId="party-error">
        {t('errors.invalid')}
      </StatusMessage>
    );
  }
  const exit = () => void navigate(paths.home.getHref());
  return (
    <PartyScreen
      key={pid}
      pid={pid}
      onExit={exit}
      gate={(video, player) => <PartyAgeGate video={video} player={player} onBack={exit} />}
      chat={
        config?.perms.hideChat ? undefined : (
          <ChatPanel
            chatId={`party-${pid}`}
            chatroll={config?.perms.chatroll ?? false}
            loginHref={loginHref('watchPartyLobby', { pid })}
          />
        )
      }
    />
  );
}

/** The age gate (§4.2) before the party's player, as on the watch screen; the room does not wait. */
function PartyAgeGate({
  video,
  player,
  onBack,
}: {
  video: Video | undefined;
  player: ReactNode;
  onBack: () => void;
}) {
  const gate = useAgeGate(video);
  if (gate.state === 'tooYoung') return <AgeRestricted onBack={onBack} />;
  if (gate.state === 'noAge') {
    return (
      <>
        <div className="party__placeholder" />
        <BirthDateModal onSubmit={gate.submit} onCancel={onBack} saving={gate.saving} />
      </>
    );
  }
  if (gate.state === 'pending') return <div className="party__placeholder" aria-busy="true" />;
  return <>{player}</>;
}
