import { describe, expect, it } from 'vitest';
import {
  createEventThrottle,
  embedTargetOrigin,
  isAllowedEmbedOrigin,
  parseEmbedCommand,
} from './embed-messages';

const allowed = ['https://partner.example', 'http://partner.localhost:47991'];

describe('embed control messages (§6 "accepted only from two allow-listed ad partner sites")', () => {
  it('accepts exactly the allow-listed origins', () => {
    expect(isAllowedEmbedOrigin('https://partner.example', allowed)).toBe(true);
    expect(isAllowedEmbedOrigin('http://partner.localhost:47991', allowed)).toBe(true);
    expect(isAllowedEmbedOrigin('HTTPS://PARTNER.EXAMPLE', allowed)).toBe(true);
  });
  it('rejects another port, scheme, subdomain, null and garbage', () => {
    expect(isAllowedEmbedOrigin('http://partner.localhost:47992', allowed)).toBe(false);
    expect(isAllowedEmbedOrigin('http://partner.example', allowed)).toBe(false);
    expect(isAllowedEmbedOrigin('https://evil.partner.example', allowed)).toBe(false);
    expect(isAllowedEmbedOrigin('https://partner.example.evil.com', allowed)).toBe(false);
    expect(isAllowedEmbedOrigin('null', allowed)).toBe(false);
    expect(isAllowedEmbedOrigin('', allowed)).toBe(false);
    expect(isAllowedEmbedOrigin('https://partner.example', [])).toBe(false);
  });
  it('parses play, pause, seek(time) and mute(bool); rejects anything else', () => {
    expect(parseEmbedCommand({ type: 'play' })).toEqual({ type: 'play' });
    expect(parseEmbedCommand({ type: 'pause' })).toEqual({ type: 'pause' });
    expect(parseEmbedCommand({ type: 'seek', time: 12.5 })).toEqual({ type: 'seek', time: 12.5 });
    expect(parseEmbedCommand('{"type":"seek","time":"3"}')).toEqual({ type: 'seek', time: 3 });
    expect(parseEmbedCommand({ type: 'mute', muted: false })).toEqual({ type: 'mute', muted: false });
    expect(parseEmbedCommand({ type: 'seek', time: -1 })).toBeNull();
    expect(parseEmbedCommand({ type: 'seek' })).toBeNull();
    expect(parseEmbedCommand({ type: 'mute', muted: 'yes' })).toBeNull();
    expect(parseEmbedCommand({ type: 'eval' })).toBeNull();
    expect(parseEmbedCommand('not json')).toBeNull();
    expect(parseEmbedCommand(null)).toBeNull();
  });
  it('throttles timeupdate to one a second', () => {
    const may = createEventThrottle(1000);
    expect(may(0)).toBe(true);
    expect(may(500)).toBe(false);
    expect(may(1000)).toBe(true);
    expect(may(1999)).toBe(false);
  });
  it('sends events only to an allow-listed parent origin', () => {
    expect(embedTargetOrigin(['http://partner.localhost:47991/page.html'], allowed)).toBe(
      'http://partner.localhost:47991',
    );
    expect(embedTargetOrigin(['https://evil.example/', null], allowed)).toBeNull();
    expect(embedTargetOrigin([undefined, 'https://partner.example/x'], allowed)).toBe(
      'https://partner.example',
    );
  });
});
