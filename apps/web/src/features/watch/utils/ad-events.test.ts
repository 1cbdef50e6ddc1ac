import { describe, expect, it } from 'vitest';
import { adEventEffect } from './ad-events';

describe('adEventEffect (A§6 flag hybridAvodSvod, P§4.4)', () => {
  it('on a hybridAvodSvod site, an ad start shows the hybrid paywall banner for 10 s', () => {
    expect(adEventEffect('adStart', true)).toEqual({ adActive: true, bannerMs: 10_000 });
  });

  it('elsewhere an ad start only sets the ad-active flag', () => {
    expect(adEventEffect('adStart', false)).toEqual({ adActive: true, bannerMs: null });
  });

  it('the end of a break clears the flag on any site', () => {
    for (const event of ['adDone', 'adError', 'adSkip'] as const)
      for (const hybrid of [true, false])
        expect(adEventEffect(event, hybrid)).toEqual({ adActive: false, bannerMs: null });
  });
});
