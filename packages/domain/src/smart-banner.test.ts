import { describe, expect, it } from 'vitest';
import { appPlatform, smartBannerLink } from './smart-banner';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_TV = 'Mozilla/5.0 (Linux; Android 12; BRAVIA 4K VH2) AppleWebKit/537.36 (KHTML, like Gecko)';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const apps = {
  ios: 'https://apps.apple.com/app/id1',
  android: 'https://play.google.com/store/apps/details?id=x',
};

describe('the smart app banner (decision 0065)', () => {
  it('knows iPhones and Android phones, not desktops or Android TVs', () => {
    expect(appPlatform(IPHONE)).toBe('ios');
    expect(appPlatform(PIXEL)).toBe('android');
    expect(appPlatform(ANDROID_TV)).toBeNull();
    expect(appPlatform(DESKTOP)).toBeNull();
  });

  it("offers the phone's own store page, none without an app for it, and none once closed", () => {
    expect(smartBannerLink(apps, IPHONE, false)).toBe(apps.ios);
    expect(smartBannerLink(apps, PIXEL, false)).toBe(apps.android);
    expect(smartBannerLink({ ...apps, android: null }, PIXEL, false)).toBeNull();
    expect(smartBannerLink(apps, DESKTOP, false)).toBeNull();
    expect(smartBannerLink(apps, IPHONE, true)).toBeNull();
  });
});
