import { describe, expect, it } from 'vitest';
import { createWatchStateStore } from '@marquee/domain';
import { partyWatchState } from './party-watch-state';

/** A sessionStorage stand-in: the store round-trips through it as the browser's does. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the watch state a party screen remembers (§2.2)', () => {
  it('the VOD party screen records vod-watch-party with its pid', () => {
    const state = partyWatchState('p9', 'v9');
    expect(state.id).toBe('vod-watch-party');
    expect(state['watch-party']).toBe('p9');
    expect(state.type).toBe('party');
    expect(state.videoUid).toBe('v9');
  });

  it('the live party route records watch-party with the channel and the live event', () => {
    const state = partyWatchState('p9', 'v1', 'c1');
    expect(state.id).toBe('watch-party');
    expect(state.type).toBe('channel-live-event-party');
    expect(state).toMatchObject({ channelId: 'c1', liveEventUid: 'v1', 'watch-party': 'p9' });
  });

  it('survives the session store, replacing the state before it', () => {
    const storage = memoryStorage();
    const store = createWatchStateStore(() => storage);
    store.set(partyWatchState('p1', 'v1', 'c1'));
    store.set(partyWatchState('p2', 'v2'));
    const again = createWatchStateStore(() => storage).get();
    expect(again.id).toBe('vod-watch-party');
    expect(again['watch-party']).toBe('p2');
    expect(again.videoUid).toBe('v2');
  });
});
