import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { qrPath } from '../../../lib/qr';
import { usePurchasePath } from '../api/use-purchase-path';

/**
 * A paid title the viewer has not bought (§4.1 "no url → subscribe"): a QR code and a short URL of
 * the web page that sells it, to buy on a phone. The play screen keeps asking play-url meanwhile
 * (`purchasePollInterval`) and plays once the purchase lands. Back leaves, as anywhere.
 */
export function PurchasePath({
  platform,
  videoUid,
  title,
  message,
}: {
  platform: string;
  videoUid: string;
  title: string;
  message: string;
}) {
  const { t } = useTranslation('playback');
  const view = usePurchasePath(platform, videoUid);
  return (
    <section className="tv-player tv-purchase" data-testid="tv-purchase" data-phase={view.phase}>
      <div className="tv-purchase__text">
        <h1>{title || t('unavailable')}</h1>
        <p data-testid="playback-error" data-kind="purchase">
          {message}
        </p>
        {view.phase === 'ready' ? (
          <>
            <p>{t('purchase.scan')}</p>
            <p className="tv-purchase__url" data-testid="purchase-url">
              {view.display}
            </p>
            <p>{t('purchase.waiting')}</p>
          </>
        ) : null}
        {view.phase === 'loading' ? <StatusMessage kind="loading" title={t('purchase.loading')} /> : null}
        {view.phase === 'error' ? <p role="alert">{t('purchase.failed')}</p> : null}
        <p className="tv-hint">{t('pressBack')}</p>
      </div>
      {view.phase === 'ready' ? <QrCode text={view.url} /> : null}
    </section>
  );
}

/** `text` as a QR code, dark on a white card. */
function QrCode({ text }: { text: string }) {
  const { size, d } = qrPath(text);
  return (
    <svg
      className="tv-purchase__qr"
      data-testid="purchase-qr"
      data-text={text}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
