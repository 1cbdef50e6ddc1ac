import { emojify } from '@marquee/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChat } from '../hooks/use-live-chat';

/**
 * The live event's chat beside the TV player, read-only (decision 0050): names and messages as
 * text (shortcodes become emoji; never HTML), the newest at the bottom. No composer.
 */
export function LiveChatColumn({ chatId }: { chatId: string }) {
  const { t } = useTranslation('chat');
  const chat = useLiveChat(chatId, true);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.messages]);

  return (
    <aside className="tv-chat" aria-label={t('title')} data-testid="tv-chat" data-status={chat.status}>
      <h2>{t('title')}</h2>
      {chat.status === 'error' ? (
        <p role="alert">{t('error')}</p>
      ) : chat.status === 'ready' && !chat.messages.length ? (
        <p className="tv-hint">{t('empty')}</p>
      ) : null}
      <ol ref={list} className="tv-chat__list" aria-live="polite">
        {chat.messages.map((m) => (
          <li key={m.id} className="tv-chat__message" data-testid="tv-chat-message">
            <span className="tv-chat__name">{m.username}</span> <span>{emojify(m.value)}</span>
          </li>
        ))}
      </ol>
      <p className="tv-hint">{t('readOnly')}</p>
    </aside>
  );
}
