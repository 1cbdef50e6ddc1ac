import { describe, expect, it } from 'vitest';
import { nextSyncPrompt, type SyncPrompt, type SyncPromptEvent } from './sync-prompt';

const run = (events: SyncPromptEvent[], from: SyncPrompt = 'following') =>
  events.reduce(nextSyncPrompt, from);

describe('the "confirm player sync" modal (§2.3, §4.9)', () => {
  it('a desync asks the viewer; a repeated desync signal asks nothing more', () => {
    expect(run(['desync'])).toBe('asking');
    expect(run(['desync', 'desync'])).toBe('asking');
  });

  it('resync follows the host again, and a later desync asks again', () => {
    expect(run(['desync', 'resync'])).toBe('following');
    expect(run(['desync', 'resync', 'desync'])).toBe('asking');
  });

  it('staying out of sync is not asked again for that desync, until the viewer resyncs', () => {
    expect(run(['desync', 'stay'])).toBe('stayedOut');
    expect(run(['desync', 'stay', 'desync'])).toBe('stayedOut');
    expect(run(['desync', 'stay', 'resync'])).toBe('following');
    expect(run(['desync', 'stay', 'resync', 'desync'])).toBe('asking');
  });

  it('"stay" without a question changes nothing', () => {
    expect(run(['stay'])).toBe('following');
  });

  it('a viewer made host has nothing to follow: the question goes away', () => {
    expect(run(['desync', 'host'])).toBe('following');
    expect(run(['desync', 'stay', 'host'])).toBe('following');
  });
});
