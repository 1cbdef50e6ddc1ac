import { NO_CONSENT, type AdConsent } from '@marquee/domain';

/** How long the page's consent platform may take to answer before the ad request goes without it. */
export const CONSENT_TIMEOUT_MS = 500;

type TcfData = { gdprApplies?: boolean; tcString?: string; eventStatus?: string };
type UspData = { uspString?: string };
/** The parts of the window the IAB consent APIs live on (a consent platform installs them). */
export type ConsentWindow = {
  __tcfapi?: (command: 'getTCData', version: 2, cb: (data: TcfData | null, ok: boolean) => void) => void;
  __uspapi?: (command: 'getUSPData', version: 1, cb: (data: UspData | null, ok: boolean) => void) => void;
};

/** Calls an IAB API and resolves with its answer, or null when it fails, throws or is too slow. */
function ask<T>(
  call: (cb: (data: T | null, ok: boolean) => void) => void,
  timeoutMs: number,
): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    try {
      call((data, ok) => {
        clearTimeout(timer);
        resolve(ok ? data : null);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/**
 * The viewer's consent from the page's consent platform (decision 0064): the IAB TCF v2 API
 * (`__tcfapi('getTCData', 2)`: gdprApplies, tcString) and the IAB US Privacy API
 * (`__uspapi('getUSPData', 1)`: uspString). Without a platform, or one that does not answer within
 * `timeoutMs`, nothing is known (NO_CONSENT): the ad server then treats the viewer as unconsented.
 */
export async function readAdConsent(
  win: ConsentWindow = globalThis as ConsentWindow,
  timeoutMs = CONSENT_TIMEOUT_MS,
): Promise<AdConsent> {
  const [tcf, usp] = await Promise.all([
    win.__tcfapi ? ask<TcfData>((cb) => win.__tcfapi!('getTCData', 2, cb), timeoutMs) : null,
    win.__uspapi ? ask<UspData>((cb) => win.__uspapi!('getUSPData', 1, cb), timeoutMs) : null,
  ]);
  return {
    gdpr: typeof tcf?.gdprApplies === 'boolean' ? (tcf.gdprApplies ? 1 : 0) : NO_CONSENT.gdpr,
    consentString: typeof tcf?.tcString === 'string' ? tcf.tcString : NO_CONSENT.consentString,
    usPrivacy:
      typeof usp?.uspString === 'string' && /^1[YN-]{3}$/.test(usp.uspString)
        ? usp.uspString
        : NO_CONSENT.usPrivacy,
  };
}

type NavigatorLike = {
  platform?: string;
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  userAgentData?: { platform?: string; mobile?: boolean };
};

/** This device as the payload names it: its platform, and whether it asks not to be tracked. */
export function deviceInfo(
  nav: NavigatorLike | undefined = globalThis.navigator as NavigatorLike | undefined,
) {
  return {
    model: nav?.userAgentData?.platform || nav?.platform || '',
    limitAdTracking: nav?.globalPrivacyControl === true || nav?.doNotTrack === '1',
  };
}

let pageConsent: Promise<AdConsent> | null = null;
/** The page's consent, asked once per page load (a consent platform answers the same to each ask). */
export function pageAdConsent(): Promise<AdConsent> {
  pageConsent ??= readAdConsent();
  return pageConsent;
}
