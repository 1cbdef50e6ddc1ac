import { sendAnalyticsBatch } from '@marquee/api-client';
import type { AnalyticsEvent } from '@marquee/contract';
import { createAnalyticsQueue } from '@marquee/player';
import { api } from './api';

/** A random id for this page load (no storage): tells one visit's events apart without an account. */
function newSessionId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto?.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
const sessionId = newSessionId();

/**
 * The web app's analytics queue (decision 0021): events go out together in one POST …/analytics/batch
 * every 5 s or at 20, and with keepalive (carrying the bearer token) when the page is hidden or closes.
 */
export const analytics = createAnalyticsQueue<AnalyticsEvent>((events, { keepalive }) =>
  sendAnalyticsBatch(
    api,
    events.map((e) => ({ ...e, sessionId })),
    { keepalive },
  ),
);
if (typeof window !== 'undefined') analytics.bindPage(window);
