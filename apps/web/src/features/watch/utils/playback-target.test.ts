import { describe, expect, it } from 'vitest';
import { passcodeAlternativeHref } from './playback-target';

const intent = { channelId: 'films', videoUid: 'v-mixed' };

describe('passcodeAlternativeHref (P§3 existsPasscodeBoth, decision 0061)', () => {
  it('offers /passcode?existsPasscodeBoth with the watch intent beside the paywall of content sold both ways', () => {
    expect(passcodeAlternativeHref('purchase', intent, { existsPasscodeBoth: true })).toBe(
      '/passcode?odrc=watch&videoUid=v-mixed&channel=films&existsPasscodeBoth=1',
    );
  });

  it('offers nothing otherwise', () => {
    expect(passcodeAlternativeHref('purchase', intent, { existsPasscodeBoth: false })).toBeNull();
    expect(passcodeAlternativeHref('purchase', intent, null)).toBeNull();
    expect(passcodeAlternativeHref('login', intent, { existsPasscodeBoth: true })).toBeNull();
    expect(passcodeAlternativeHref('passcode', intent, { existsPasscodeBoth: true })).toBeNull();
  });
});
