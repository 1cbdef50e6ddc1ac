import type { AdCreative } from '@marquee/contract';
import { AD_TRACKING_EVENTS, type AdTrackingEvent } from '@marquee/domain';

/** The empty answer: no ad for this request (ads off, not approved, or no creative for the break). */
export const EMPTY_VAST = '<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.0"/>\n';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A URL inside CDATA (a "]]>" cannot occur in our URLs, but is split all the same). */
const cdata = (url: string) => `<![CDATA[${url.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** VAST time: HH:MM:SS.mmm. */
export function vastTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The tracking events in the creative's Linear (impression and error have their own elements). */
const LINEAR_EVENTS = AD_TRACKING_EVENTS.filter((e) => e !== 'impression' && e !== 'error');

export type VastAd = {
  creative: AdCreative;
  /** The creative's media URL (absolute). */
  mediaUrl: string;
  /** The tracking pixel URL of one event (absolute; the error one carries [ERRORCODE]). */
  trackingUrl: (event: AdTrackingEvent) => string;
  /** A click-through resolved to an absolute URL, or null. */
  clickThrough: string | null;
  /** A unique id of this serving (VAST 4 AdServingId). */
  servingId: string;
};

/**
 * A VAST 4.0 InLine document with one linear creative: Impression, Error, the loaded, start,
 * quartile, complete and skip tracking events, the click-through and one progressive MP4.
 */
export function buildVast(ad: VastAd): string {
  const { creative } = ad;
  const id = escapeXml(creative.id);
  const skip = creative.skipOffsetS === null ? '' : ` skipoffset="${vastTime(creative.skipOffsetS)}"`;
  const tracking = LINEAR_EVENTS.map(
    (event) => `            <Tracking event="${event}">${cdata(ad.trackingUrl(event))}</Tracking>`,
  ).join('\n');
  const clicks = ad.clickThrough
    ? `          <VideoClicks>\n            <ClickThrough id="marquee">${cdata(ad.clickThrough)}</ClickThrough>\n          </VideoClicks>\n`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0">
  <Ad id="${id}">
    <InLine>
      <AdSystem version="1">Marquee</AdSystem>
      <AdServingId>${escapeXml(ad.servingId)}</AdServingId>
      <AdTitle>${escapeXml(creative.title)}</AdTitle>
      <Error>${cdata(ad.trackingUrl('error'))}</Error>
      <Impression id="marquee">${cdata(ad.trackingUrl('impression'))}</Impression>
      <Creatives>
        <Creative id="${id}" sequence="1">
          <UniversalAdId idRegistry="marquee">${id}</UniversalAdId>
          <Linear${skip}>
            <Duration>${vastTime(creative.durationS)}</Duration>
            <TrackingEvents>
${tracking}
            </TrackingEvents>
${clicks}            <MediaFiles>
              <MediaFile id="${id}-mp4" delivery="progressive" type="video/mp4" width="${creative.width}" height="${creative.height}">${cdata(ad.mediaUrl)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}
