import type { Db } from '../../../db/database';

/** Webhook de-duplication and the purchase status changes gateway events cause (decision 0031). */
export function createWebhooksRepository(db: Db) {
  return {
    /** Insert-first: answers false when the event was already received (a replay). */
    async claimEvent(gateway: string, eventId: string, type: string, nowIso: string): Promise<boolean> {
      const res = await db
        .insertInto('webhook_events')
        .values({ gateway, event_id: eventId, type, received_at: nowIso, processed_at: null })
        .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async eventProcessed(gateway: string, eventId: string, nowIso: string): Promise<void> {
      await db
        .updateTable('webhook_events')
        .set({ processed_at: nowIso })
        .where('gateway', '=', gateway)
        .where('event_id', '=', eventId)
        .execute();
    },

    /** Lets a failed handling be delivered again (the gateway retries on a non-2xx answer). */
    async releaseEvent(gateway: string, eventId: string): Promise<void> {
      await db
        .deleteFrom('webhook_events')
        .where('gateway', '=', gateway)
        .where('event_id', '=', eventId)
        .where('processed_at', 'is', null)
        .execute();
    },

    /**
     * Moves the purchases a gateway reference paid for to a status, appending to statusHistory;
     * conditional on the status read, so a concurrent change writes once. Answers the changed rows.
     */
    async setPurchaseStatusByRef(
      gateway: string,
      gatewayId: string,
      status: 'canceled' | 'suspended' | 'active',
      nowIso: string,
    ): Promise<{ siteUid: string; userIds: string[] }[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('purchases')
          .select(['id', 'site_uid', 'user_id', 'redeemed_by_user_id', 'status', 'status_history'])
          .where('gateway', '=', gateway)
          .where('gateway_id', '=', gatewayId)
          .execute();
        const changed: { siteUid: string; userIds: string[] }[] = [];
        for (const row of rows) {
          if (row.status === status) continue;
          const history = [...(JSON.parse(row.status_history) as unknown[]), { status, timestamp: nowIso }];
          const res = await trx
            .updateTable('purchases')
            .set({
              status,
              status_history: JSON.stringify(history),
              updated_at: nowIso,
              ...(status === 'canceled' ? { canceled_date: nowIso } : {}),
            })
            .where('id', '=', row.id)
            .where('status', '=', row.status)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 1)
            changed.push({
              siteUid: row.site_uid,
              userIds: [row.user_id, ...(row.redeemed_by_user_id ? [row.redeemed_by_user_id] : [])],
            });
        }
        return changed;
      });
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
