import { ApiError } from '@marquee/api-client';
import { PARTY_CODE_LENGTH } from '@marquee/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/use-me';
import { useRemote } from '../../../lib/remote';
import { useJoinByCode } from '../api/use-party';
import {
  CODE_GRID_COLUMNS,
  CODE_GRID_KEYS,
  DELETE_KEY,
  isCodeComplete,
  moveCursor,
  pressGridKey,
  typeCodeChar,
} from '../utils/code-grid';

/** The message for a failed lookup or join (§8 words). */
export function partyProblem(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('failed');
  if (error.code === 'invalidWatchParty' || error.status === 404) return t('invalid');
  if (error.code === 'watchPartyExpired' || error.status === 410) return t('expired');
  if (error.code === 'watchPartyDisabled') return t('unavailable');
  return error.message || t('failed');
}

/**
 * /tvn/{type}/party: the code is typed on an on-screen grid (arrows move, Enter types; a keyboard
 * types directly), Back deletes the last character and leaves on an empty code. The sixth
 * character looks the party up and joins it; `onJoined` then opens the party.
 */
export function JoinPartyScreen({
  onJoined,
  onBack,
}: {
  onJoined: (pid: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('party');
  // The TV's session has no user: /v2/me/info tells who is joining.
  const user = useMe().data;
  const joinByCode = useJoinByCode();
  const [code, setCode] = useState('');
  const [cursor, setCursor] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The sixth character looks the party up and joins it.
  const lookUp = (full: string) => {
    setBusy(true);
    joinByCode(full, user?.id).then(
      (session) => {
        if (!mounted.current) return;
        setBusy(false);
        if (session.state === 'ended') setProblem(t('ended'));
        else onJoined(session.pid);
      },
      (err: unknown) => {
        if (!mounted.current) return;
        setBusy(false);
        setProblem(partyProblem(err, t));
      },
    );
  };

  const edit = (next: string) => {
    if (next === code) return;
    setProblem(null);
    setCode(next);
    if (isCodeComplete(next)) lookUp(next);
  };

  useRemote((action) => {
    switch (action) {
      case 'up':
      case 'down':
      case 'left':
      case 'right':
        setCursor((c) => moveCursor(c, action));
        return true;
      case 'enter':
        if (!busy) edit(pressGridKey(code, CODE_GRID_KEYS[cursor] ?? ''));
        return true;
      case 'back':
        if (code && !busy) edit(code.slice(0, -1));
        else if (!code) onBack();
        return true;
      default:
        return false;
    }
  });

  // Keys the remote layer does not map (letters, digits) arrive here.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (busy || e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
      const next = typeCodeChar(code, e.key);
      if (next !== code) {
        e.preventDefault();
        edit(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const slots = Array.from({ length: PARTY_CODE_LENGTH }, (_, i) => code[i] ?? '');
  return (
    <section className="tv-party-join" data-testid="tv-party-join" aria-labelledby="tv-party-join-title">
      <h1 id="tv-party-join-title">{t('joinTitle')}</h1>
      <p className="tv-hint">{t('joinHint')}</p>
      <div
        className="tv-party-join__code"
        role="group"
        aria-label={t('codeLabel')}
        data-testid="party-code"
        data-code={code}
      >
        {slots.map((ch, i) => (
          <span key={i} className="tv-party-join__slot" data-filled={ch ? true : undefined}>
            {ch}
          </span>
        ))}
      </div>
      <div
        className="tv-party-join__grid"
        role="group"
        aria-label={t('keys')}
        style={{ gridTemplateColumns: `repeat(${CODE_GRID_COLUMNS}, 1fr)` }}
        data-testid="party-code-grid"
      >
        {CODE_GRID_KEYS.map((key, i) => (
          <button
            key={key}
            type="button"
            tabIndex={-1}
            className={`tv-party-join__key${i === cursor ? ' is-focused' : ''}`}
            data-focused={i === cursor || undefined}
            data-key={key}
            aria-label={key === DELETE_KEY ? t('delete') : key}
            onClick={() => {
              setCursor(i);
              if (!busy) edit(pressGridKey(code, key));
            }}
          >
            {key === DELETE_KEY ? '⌫' : key}
          </button>
        ))}
      </div>
      {busy ? (
        <p role="status" data-testid="party-code-busy">
          {t('looking')}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="tv-party-join__error" data-testid="party-code-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
