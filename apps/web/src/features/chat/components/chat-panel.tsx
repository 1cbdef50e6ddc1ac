import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getChatMuteList } from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import type { ChatMessage, ChatUser } from '@marquee/contract';
import { CHAT_MESSAGE_MAX, chatNameProblem, emojify } from '@marquee/domain';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import { useChat, type ChatModel } from '../hooks/use-chat';
import { ChatOnlineCount } from './chat-online';
import '../chat.css';

export interface ChatPanelProps {
  /** The room: "live-{uid}", "video-{uid}", "channel-{id}" or "party-{id}". */
  chatId: string;
  /** The site's chatroll perm: the panel rolls to each new message (decision 0045). */
  chatroll?: boolean;
  /** Where "Sign in" goes. */
  loginHref: string;
}

type Pending =
  { kind: 'mute' | 'ban'; message: ChatMessage } | { kind: 'name' } | { kind: 'muteList' } | null;

/** Seconds left until `until`, ticking once a second while there are any. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 500);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The Chat tab (playback-and-social §2.3, §4.10; decision 0045): the room's messages as text (emoji
 * shortcodes shown as emoji, never HTML), the composer with the 140-character counter and slow
 * mode's countdown, the suspended state, the "add name to chat" and "muted people list" modals,
 * mute after confirmation, and ban / delete for staff.
 */
export function ChatPanel({ chatId, chatroll = false, loginHref }: ChatPanelProps) {
  const { t } = useTranslation('chat');
  const chat = useChat(chatId);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (chat.status === 'anonymous')
    return (
      <StatusMessage kind="info" title={t('signIn')} testId="chat-sign-in">
        <a className="button button--primary" href={loginHref}>
          {t('signInLink')}
        </a>
      </StatusMessage>
    );
  if (chat.status === 'refused')
    return (
      <StatusMessage kind="info" title={t('refused')} testId="chat-refused">
        {chat.error}
      </StatusMessage>
    );
  if (chat.status === 'error')
    return (
      <StatusMessage kind="error" title={t('error')} onRetry={chat.retry} testId="chat-error">
        {chat.error}
      </StatusMessage>
    );
  if (chat.status === 'loading')
    return (
      <p className="chat__loading" role="status" data-testid="chat-loading">
        {t('loading')}
      </p>
    );

  return (
    <section
      className="chat"
      aria-label={t('title')}
      data-testid="chat-panel"
      data-chatroll={chatroll || undefined}
    >
      <header className="chat__header">
        <ChatOnlineCount online={chat.online} />
        {chat.slowModeSeconds > 0 ? (
          <p className="chat__slow" data-testid="chat-slow-mode">
            {t('slowMode', { seconds: chat.slowModeSeconds })}
          </p>
        ) : null}
        <button
          type="button"
          className="chat__link"
          data-testid="chat-muted-people"
          onClick={() => setPending({ kind: 'muteList' })}
        >
          {t('mutedPeople', { count: chat.muted.length })}
        </button>
      </header>
      <MessageList
        chat={chat}
        chatroll={chatroll}
        onAct={(kind, message) => setPending({ kind, message })}
        onNotice={setNotice}
      />
      {notice ? (
        <p className="chat__notice" role="status" data-testid="chat-notice">
          {notice}
        </p>
      ) : null}
      {chat.suspended ? (
        <p className="chat__suspended" role="alert" data-testid="chat-suspended">
          {chat.suspended}
        </p>
      ) : chat.needsName ? (
        <button
          type="button"
          className="button button--primary chat__add-name"
          data-testid="chat-add-name"
          onClick={() => setPending({ kind: 'name' })}
        >
          {t('addName')}
        </button>
      ) : (
        <Composer chat={chat} />
      )}
      {pending?.kind === 'mute' || pending?.kind === 'ban' ? (
        <ConfirmModal
          kind={pending.kind}
          name={pending.message.username}
          onCancel={() => setPending(null)}
          onConfirm={async () => {
            const { kind, message } = pending;
            setPending(null);
            if (kind === 'mute')
              await chat
                .mute(message.publisher, true)
                .catch((e: unknown) => setNotice(String((e as Error).message)));
            else setNotice(await chat.ban(message.publisher));
          }}
        />
      ) : null}
      {pending?.kind === 'name' ? <NameModal chat={chat} onClose={() => setPending(null)} /> : null}
      {pending?.kind === 'muteList' ? <MuteListModal chat={chat} onClose={() => setPending(null)} /> : null}
    </section>
  );
}

function MessageList({
  chat,
  chatroll,
  onAct,
  onNotice,
}: {
  chat: ChatModel;
  chatroll: boolean;
  onAct: (kind: 'mute' | 'ban', message: ChatMessage) => void;
  onNotice: (notice: string | null) => void;
}) {
  const { t } = useTranslation('chat');
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const lastId = chat.messages.at(-1)?.id;

  // chatroll: roll to each new message while the viewer is at the bottom; otherwise keep their place.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !lastId) return;
    if (chatroll && atBottom.current) el.scrollTop = el.scrollHeight;
    else if (el.scrollHeight > el.clientHeight) setUnseen(true);
  }, [lastId, chatroll]);

  const jump = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    setUnseen(false);
  };

  if (chat.messages.length === 0)
    return (
      <p className="chat__empty" data-testid="chat-empty">
        {t('empty')}
      </p>
    );
  return (
    <div className="chat__log-wrap">
      <div
        ref={list}
        className="chat__log"
        role="log"
        aria-live="polite"
        aria-label={t('messages')}
        data-testid="chat-messages"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          if (atBottom.current) setUnseen(false);
        }}
      >
        <ol className="chat__list">
          {chat.messages.map((m) => {
            // The room's bot (§4.9's "You have lost sync with the host."): no user, no actions.
            if (m.type === 'bot')
              return (
                <li
                  key={m.id}
                  className="chat__message chat__message--bot"
                  data-testid="chat-message"
                  data-kind="bot"
                >
                  <span className="chat__bot">{t('bot')}</span>
                  <span className="chat__name">{m.username}</span>
                  {m.to ? <span className="visually-hidden">{t('onlyYou')}</span> : null}{' '}
                  <span className="chat__text" data-testid="chat-message-text">
                    {m.value}
                  </span>
                </li>
              );
            const mine = m.publisher === chat.me;
            return (
              <li
                key={m.id}
                className={`chat__message${mine ? ' chat__message--me' : ''}`}
                data-testid="chat-message"
              >
                {mine && !chat.moderator ? (
                  <span className="chat__name">{m.username}</span>
                ) : (
                  <button
                    type="button"
                    className="chat__name chat__name--button"
                    aria-expanded={open === m.id}
                    aria-label={t('actionsFor', { name: m.username })}
                    onClick={() => setOpen(open === m.id ? null : m.id)}
                  >
                    {m.username}
                  </button>
                )}
                {m.verified ? (
                  <span className="chat__verified" title={t('verified')} aria-label={t('verified')}>
                    ✓
                  </span>
                ) : null}{' '}
                {/* Text, never HTML: React escapes it; shortcodes become emoji characters. */}
                <span className="chat__text" data-testid="chat-message-text">
                  {emojify(m.value)}
                </span>
                {open === m.id ? (
                  <span className="chat__actions">
                    {!mine ? (
                      <button
                        type="button"
                        className="chat__action"
                        data-testid="chat-mute"
                        onClick={() => (setOpen(null), onAct('mute', m))}
                      >
                        {t('mute')}
                      </button>
                    ) : null}
                    {chat.moderator && !mine ? (
                      <button
                        type="button"
                        className="chat__action"
                        data-testid="chat-ban"
                        onClick={() => (setOpen(null), onAct('ban', m))}
                      >
                        {t('ban')}
                      </button>
                    ) : null}
                    {chat.moderator ? (
                      <button
                        type="button"
                        className="chat__action"
                        data-testid="chat-delete"
                        onClick={() => {
                          setOpen(null);
                          chat.remove(m.id).catch((e: unknown) => onNotice((e as Error).message));
                        }}
                      >
                        {t('delete')}
                      </button>
                    ) : null}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      {unseen ? (
        <button type="button" className="button chat__jump" data-testid="chat-new-messages" onClick={jump}>
          {t('newMessages')} ↓
        </button>
      ) : null}
    </div>
  );
}

function Composer({ chat }: { chat: ChatModel }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wait = useSecondsLeft(chat.slowUntil);
  const length = [...text.trim()].length;
  const tooLong = length > CHAT_MESSAGE_MAX;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || wait > 0 || tooLong || length === 0) return;
    setBusy(true);
    const problem = await chat.send(text);
    setBusy(false);
    setError(problem);
    if (!problem) setText('');
  };

  return (
    <form className="chat__composer" onSubmit={submit} data-testid="chat-composer">
      <label className="visually-hidden" htmlFor="chat-input">
        {t('input')}
      </label>
      <input
        id="chat-input"
        className="chat__input"
        value={text}
        autoComplete="off"
        placeholder={t('placeholder')}
        aria-invalid={tooLong || undefined}
        aria-describedby="chat-counter"
        data-testid="chat-input"
        disabled={!chat.canWrite}
        onChange={(e) => setText(e.target.value)}
      />
      <span
        id="chat-counter"
        className={`chat__counter${tooLong ? ' chat__counter--over' : ''}`}
        data-testid="chat-counter"
      >
        {t('counter', { count: length, max: CHAT_MESSAGE_MAX })}
      </span>
      <button
        type="submit"
        className="button button--primary chat__send"
        data-testid="chat-send"
        disabled={!chat.canWrite || busy || wait > 0 || tooLong || length === 0}
      >
        {wait > 0 ? t('wait', { seconds: wait }) : t('send')}
      </button>
      {tooLong || error ? (
        <p className="chat__error" role="alert" data-testid="chat-send-error">
          {tooLong ? t('tooLong') : error}
        </p>
      ) : null}
    </form>
  );
}

function ConfirmModal({
  kind,
  name,
  onCancel,
  onConfirm,
}: {
  kind: 'mute' | 'ban';
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Modal
      title={t(kind === 'mute' ? 'muteTitle' : 'banTitle', { name })}
      onClose={onCancel}
      testId={`chat-confirm-${kind}`}
    >
      <p>{t(kind === 'mute' ? 'muteText' : 'banText', { name })}</p>
      <div className="chat__modal-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="chat-confirm"
          onClick={onConfirm}
        >
          {t(kind === 'mute' ? 'mute' : 'ban')}
        </button>
      </div>
    </Modal>
  );
}

function NameModal({ chat, onClose }: { chat: ChatModel; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = name.trim() === '' ? t('nameRequired') : chatNameProblem(name);
    if (problem) return setError(problem);
    const failed = await chat.setName(name);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Modal title={t('nameTitle')} onClose={onClose} testId="chat-name-modal">
      <form onSubmit={submit} className="chat__name-form">
        <p>{t('nameText')}</p>
        <label htmlFor="chat-name">{t('nameLabel')}</label>
        <input
          id="chat-name"
          value={name}
          required
          autoFocus
          onChange={(e) => setName(e.target.value)}
          data-testid="chat-name-input"
        />
        {error ? (
          <p className="chat__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="chat__modal-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" data-testid="chat-name-save">
            {t('nameSave')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function MuteListModal({ chat, onClose }: { chat: ChatModel; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const [users, setUsers] = useState<ChatUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getChatMuteList(api).then(
      (list) => setUsers(list.users),
      (e: unknown) => setError((e as Error).message),
    );
  }, [api]);
  return (
    <Modal title={t('muteListTitle')} onClose={onClose} testId="chat-mute-list">
      {error ? (
        <p role="alert">{error}</p>
      ) : users === null ? (
        <p role="status">{t('loading')}</p>
      ) : users.length === 0 ? (
        <p>{t('muteListEmpty')}</p>
      ) : (
        <>
          <p>{t('muteListHint')}</p>
          <ul className="chat__muted">
            {users.map((u) => (
              <li key={u.userId}>
                <button
                  type="button"
                  className="button"
                  aria-label={t('unmute', { name: u.username ?? u.userId })}
                  onClick={() =>
                    chat.mute(u.userId, false).then(
                      () => setUsers((list) => list?.filter((x) => x.userId !== u.userId) ?? null),
                      (e: unknown) => setError((e as Error).message),
                    )
                  }
                >
                  {u.username ?? u.userId}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="chat__modal-actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('done')}
        </button>
      </div>
    </Modal>
  );
}
