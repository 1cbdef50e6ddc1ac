import { describe, expect, it } from 'vitest';
import { deviceInfo, readAdConsent, type ConsentWindow } from './consent';

// The player payload's consent fields (playback-and-social §3 extras gdpr, consentString,
// usPrivacy; decision 0064) from the page's IAB consent platform.
describe('readAdConsent', () => {
  it('reads GDPR and the TCF string from __tcfapi and the US Privacy string from __uspapi', async () => {
    const win: ConsentWindow = {
      __tcfapi: (command, version, cb) => {
        expect([command, version]).toEqual(['getTCData', 2]);
        cb({ gdprApplies: true, tcString: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA' }, true);
      },
      __uspapi: (command, version, cb) => {
        expect([command, version]).toEqual(['getUSPData', 1]);
        cb({ uspString: '1YNN' }, true);
      },
    };
    expect(await readAdConsent(win)).toEqual({
      gdpr: 1,
      consentString: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA',
      usPrivacy: '1YNN',
    });
  });

  it('knows nothing without a consent platform', async () => {
    expect(await readAdConsent({})).toEqual({ gdpr: null, consentString: '', usPrivacy: '1---' });
  });

  it('a platform that fails, throws, answers nonsense or never answers does not hold the ad up', async () => {
    const failing: ConsentWindow = {
      __tcfapi: (_c, _v, cb) => cb(null, false),
      __uspapi: () => {
        throw new Error('not ready');
      },
    };
    expect(await readAdConsent(failing)).toEqual({ gdpr: null, consentString: '', usPrivacy: '1---' });
    const odd: ConsentWindow = {
      __tcfapi: (_c, _v, cb) => cb({ gdprApplies: false }, true),
      __uspapi: (_c, _v, cb) => cb({ uspString: 'yes please' }, true),
    };
    expect(await readAdConsent(odd)).toEqual({ gdpr: 0, consentString: '', usPrivacy: '1---' });
    const silent: ConsentWindow = { __tcfapi: () => {}, __uspapi: () => {} };
    expect(await readAdConsent(silent, 20)).toEqual({ gdpr: null, consentString: '', usPrivacy: '1---' });
  });
});

describe('deviceInfo', () => {
  it('names the platform and limits ad tracking under Global Privacy Control or Do Not Track', () => {
    expect(deviceInfo({ userAgentData: { platform: 'Android' }, platform: 'Linux armv8l' })).toEqual({
      model: 'Android',
      limitAdTracking: false,
    });
    expect(deviceInfo({ platform: 'MacIntel', globalPrivacyControl: true }).limitAdTracking).toBe(true);
    expect(deviceInfo({ platform: 'Win32', doNotTrack: '1' })).toEqual({
      model: 'Win32',
      limitAdTracking: true,
    });
    expect(deviceInfo(undefined)).toEqual({ model: '', limitAdTracking: false });
  });
});
