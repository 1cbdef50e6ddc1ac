import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../components/status-message';
import { PartyScreen } from '../../features/watch-party';
import { RequireLogin } from '../../lib/session';
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
  if (!pid) {
    return (
      <StatusMessage kind="error" title={t('title')} testId="party-error">
        {t('errors.invalid')}
      </StatusMessage>
    );
  }
  return <PartyScreen key={pid} pid={pid} onExit={() => void navigate(paths.home.getHref())} />;
}
