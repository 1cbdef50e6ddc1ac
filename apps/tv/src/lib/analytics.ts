import { sendAnalyticsBatch, type ApiClient } from '@marquee/api-client';
import type { AnalyticsEvent } from '@marquee/contract';
import { createAnalyticsQueue, type AnalyticsQueue } from '@marquee/player';
import { useApi } from './api';

/** A random id for this app start (no storage): tells one session's events apart without an account. */
const sessionId = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

const queues = new WeakMap<ApiClient, AnalyticsQueue<AnalyticsEvent>>();

/**
 * The analytics queue of the current TV type's client (decision 0021), so `__source` names the TV
 * platform: batched every 5 s or at 20 events, and flushed with keepalive when the app is hidden.
 */
export function useAnalytics(): AnalyticsQueue<AnalyticsEvent> {
  const api = useApi();
  let queue = queues.get(api);
  if (!queue) {
    queue = createAnalyticsQueue<AnalyticsEvent>((events, { keepalive }) =>
      sendAnalyticsBatch(
        api,
        events.map((e) => ({ ...e, sessionId })),
        { keepalive },
      ),
    );
    queue.bindPage(window);
    queues.set(api, queue);
  }
  return queue;
}
