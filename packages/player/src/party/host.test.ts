import type { PartyProgress, PartyTimeline } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { createPartyHost, PARTY_ACTION_LEAD_MS, stampAction } from './host';
import { createSimWorld } from './simulation';

const playing: PartyTimeline = { seq: 4, at: 10_000, position: 30, playing: true };
const paused: PartyTimeline = { seq: 4, at: 10_000, position: 30, playing: false };

describe('stampAction: negative cases', () => {
  it('never stamps before the action it follows (a host clock that stepped back)', () => {
    const action = stampAction({ ...playing, at: 20_000 }, 'pause', 10_000);
    expect(action.at).toBe(20_000);
    expect(action.position).toBe(30);
  });

  it('a seek to a negative target is clamped to the start', () => {
    expect(stampAction(playing, 'seek', 12_000, { target: -5 }).position).toBe(0);
  });
});

describe('stampAction', () => {
  it('pause: where the host will be at its shared time, one lead ahead', () => {
    expect(stampAction(playing, 'pause', 12_000)).toEqual({
      type: 'party.action',
      kind: 'pause',
      seq: 5,
      at: 12_000 + PARTY_ACTION_LEAD_MS,
      position: 30 + 2 + PARTY_ACTION_LEAD_MS / 1000,
      playing: false,
    });
  });

  it('play from a pause starts where it stopped', () => {
    expect(stampAction(paused, 'play', 50_000, { leadMs: 300 })).toMatchObject({
      at: 50_300,
      position: 30,
      playing: true,
    });
  });

  it('a seek keeps playing or paused as it was', () => {
    expect(stampAction(playing, 'seek', 12_000, { target: 90 })).toMatchObject({
      position: 90,
      playing: true,
    });
    expect(stampAction(paused, 'seek', 12_000, { target: 90 })).toMatchObject({
      position: 90,
      playing: false,
    });
  });

  it('end stops where the host is', () => {
    expect(stampAction(playing, 'end', 11_000, { leadMs: 0 })).toMatchObject({
      kind: 'end',
      position: 31,
      playing: false,
    });
  });
});

describe('createPartyHost', () => {
  function host() {
    const world = createSimWorld();
    world.advance(5_000);
    const media = world.media({ seekMs: () => 300 });
    const reports: PartyProgress[] = [];
    const party = createPartyHost({
      media,
      timers: world.clock(800),
      clockOffsetMs: () => -800,
      onReport: (p) => reports.push(p),
    });
    const tick = () => {
      party.update();
      world.schedule(world.now() + 250, tick);
    };
    tick();
    return { world, media, party, reports };
  }

  it('acts on its own media at the stamped time, like every guest, and reports once settled', () => {
    const { world, media, party, reports } = host();
    const play = party.act('play')!;
    expect(play).toMatchObject({ seq: 1, at: 5_000 + PARTY_ACTION_LEAD_MS, position: 0, playing: true });
    world.advance(PARTY_ACTION_LEAD_MS - 10);
    expect(media.paused).toBe(true);
    world.advance(510);
    expect(media.paused).toBe(false);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ seq: 1, playing: true });

    const seek = party.act('seek', 120)!;
    expect(seek).toMatchObject({ seq: 2, position: 120, playing: true });
    world.advance(PARTY_ACTION_LEAD_MS + 100);
    expect(media.seeking).toBe(true);
    expect(party.progress()).toBeNull(); // nothing to say while the seek buffers
    world.advance(1000);
    expect(reports).toHaveLength(2);
    expect(reports[1]!.seq).toBe(2);
    expect(Math.abs(reports[1]!.position - 120)).toBeLessThan(0.5);
  });

  it('a host taking over goes on from the room timeline, so guests do not drop its actions as old', () => {
    const world = createSimWorld();
    world.advance(60_000);
    const media = world.media();
    const party = createPartyHost({
      media,
      timers: world.clock(),
      clockOffsetMs: () => 0,
      onReport: () => {},
      timeline: { seq: 41, at: 50_000, position: 200, playing: true },
    });
    world.advance(100);
    expect(media.paused).toBe(false); // it follows the room at once
    expect(party.act('pause')).toMatchObject({ seq: 42, position: 210.4, playing: false });
  });

  it('cannot act before it knows the shared clock', () => {
    const world = createSimWorld();
    const party = createPartyHost({
      media: world.media(),
      timers: world.clock(),
      clockOffsetMs: () => null,
      onReport: () => {},
    });
    expect(party.act('play')).toBeNull();
    expect(party.progress()).toBeNull();
  });
});
