import { describe, expect, it } from 'vitest';
import { PartyClientMessage, PartyServerMessage } from './party';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message).join('; ');

describe('party messages: bad input names the field', () => {
  it('an unknown type is refused', () => {
    expect(PartyClientMessage.safeParse({ type: 'party.chat', text: 'hi' }).success).toBe(false);
  });

  it('a host action needs a known kind, a whole seq and a non-negative position', () => {
    const base = { type: 'party.action', kind: 'play', seq: 1, at: 1000, position: 10, playing: true };
    expect(issue(PartyClientMessage.safeParse({ ...base, kind: 'rewind' }))).toMatch(/kind must be one of/);
    expect(issue(PartyClientMessage.safeParse({ ...base, seq: 1.5 }))).toMatch(/seq must be a whole number/);
    expect(issue(PartyClientMessage.safeParse({ ...base, position: -1 }))).toMatch(
      /position must be 0 or more/,
    );
    expect(issue(PartyClientMessage.safeParse({ ...base, at: 'soon' }))).toMatch(/at must be a number/);
    expect(issue(PartyClientMessage.safeParse({ ...base, playing: 'yes' }))).toMatch(/playing must be true/);
  });

  it('a ping without its client time is refused', () => {
    expect(issue(PartyClientMessage.safeParse({ type: 'party.clock.ping' }))).toMatch(/clientSentAt/);
  });

  it('the desync notice carries exactly the spec text', () => {
    const notice = { type: 'party.desync', mismatches: 6, message: 'You lost sync' };
    expect(PartyServerMessage.safeParse(notice).success).toBe(false);
  });
});

describe('party messages: good input', () => {
  it('parses each client message', () => {
    for (const message of [
      { type: 'party.clock.ping', clientSentAt: 5 },
      { type: 'party.action', kind: 'seek', seq: 3, at: 1000, position: 42.5, playing: false },
      { type: 'party.progress', seq: 3, at: 4000, position: 42.5, playing: false },
      { type: 'party.ready', ready: false },
    ]) {
      expect(PartyClientMessage.parse(message)).toEqual(message);
    }
  });

  it('parses each server message', () => {
    for (const message of [
      { type: 'party.clock.pong', clientSentAt: 5, serverReceivedAt: 2060, serverSentAt: 2061 },
      { type: 'party.action', kind: 'end', seq: 9, at: 1000, position: 60, playing: false },
      {
        type: 'party.state',
        hostId: 'u1',
        ended: false,
        timeline: { seq: 2, at: 1000, position: 3, playing: true },
      },
      { type: 'party.desync', mismatches: 6, message: 'You have lost sync with the host.' },
    ]) {
      expect(PartyServerMessage.parse(message)).toEqual(message);
    }
  });
});
