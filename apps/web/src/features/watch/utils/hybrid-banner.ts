import { HYBRID_PAYWALL_BANNER_MS } from '@marquee/domain';

/**
 * The hybrid paywall banner's clock (playback-and-social §4.3 "On ad start, a hybrid paywall banner
 * shows for 10 s"; site flag hybridAvodSvod): each ad start on a hybrid site shows the banner and
 * hides it 10 s later (a new ad start counts the 10 s again). A site without the flag never shows it.
 */
export function createHybridBanner(hybrid: boolean, setShown: (shown: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    adStart() {
      if (!hybrid) return;
      setShown(true);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        setShown(false);
      }, HYBRID_PAYWALL_BANNER_MS);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
