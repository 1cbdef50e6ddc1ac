import { describe, expect, it } from 'vitest';
import { PENDING_ACTION_TTL_MS, savePendingAction, takePendingAction } from './pending-action';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('pending action after sign-in', () => {
  it('is taken once', () => {
    const store = memoryStore();
    const action = { kind: 'watchList', contentId: 'm1', contentType: 'video', videoType: 'movie' } as const;
    savePendingAction(action, 1000, store);
    expect(takePendingAction(2000, store)).toEqual(action);
    expect(takePendingAction(2000, store)).toBeNull();
  });

  it('expires after 30 minutes and ignores what it cannot read', () => {
    const store = memoryStore();
    savePendingAction({ kind: 'favorite', uid: 'v1' }, 0, store);
    expect(takePendingAction(PENDING_ACTION_TTL_MS + 1, store)).toBeNull();
    store.setItem('marquee.pendingAction', '{nope');
    expect(takePendingAction(0, store)).toBeNull();
    store.setItem('marquee.pendingAction', JSON.stringify({ kind: 'watchList', contentId: 1, at: 0 }));
    expect(takePendingAction(0, store)).toBeNull();
    savePendingAction({ kind: 'favorite', uid: 'v1' }, 0, store);
    expect(takePendingAction(10, store)).toEqual({ kind: 'favorite', uid: 'v1' });
  });
});
