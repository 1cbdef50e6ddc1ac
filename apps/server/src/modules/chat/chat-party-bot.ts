import { chatIdOf } from '@marquee/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../infra/event-bus';
import type { SitesService } from '../sites';
import type { ChatService } from './chat.service';

/**
 * §4.9 "The bot message is 'You have lost sync with the host.'" in the party's chat (decision
 * 0052): when the party tells a viewer of their desync (`partyChanged`, a `party.desync` to that
 * viewer, once as it happens, on the node that judged it), the bot posts it in `party-{pid}` to that
 * viewer only, persisted in their history. Answers the unsubscribe.
 */
export function postPartyDesyncs(deps: {
  events: Pick<EventBus, 'on'>;
  chat: Pick<ChatService, 'botMessage'>;
  sites: Pick<SitesService, 'byUid'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}): () => void {
  return deps.events.on('partyChanged', ({ siteUid, pid, userId, message }) => {
    if (message?.type !== 'party.desync' || !userId) return;
    deps.sites
      .byUid(siteUid)
      .then((site) =>
        deps.chat.botMessage(site, chatIdOf({ kind: 'party', id: pid }), message.message, userId),
      )
      .catch((err: unknown) => deps.log.error({ err, pid }, 'chat: the party desync bot message failed'));
  });
}
