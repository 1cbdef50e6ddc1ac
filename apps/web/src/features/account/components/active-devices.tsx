import type { Device } from '@marquee/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { useAccountDevices, useDisconnectDevice } from '../api/use-account-devices';
import { showToast } from '../../../lib/toast';
import { errorText, toFieldError } from '../utils/validation';

/** A date and time in the UI language, or a dash. */
function formatWhen(value: string | null, locale: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

interface ActiveDevicesProps {
  /** Where a TV is activated by code (/activate). */
  activateHref: string;
}

/** /active-devices: the devices signed in to the account, each with Disconnect (§4 Devices). */
export function ActiveDevices({ activateHref }: ActiveDevicesProps) {
  const { t, i18n } = useTranslation('account');
  const devices = useAccountDevices();
  const disconnect = useDisconnectDevice();

  const onDisconnect = (device: Device) => {
    disconnect.mutate(device._id, {
      onSuccess: () => showToast(t('devices.disconnected'), 'success'),
      onError: () => showToast(t('devices.disconnectError'), 'error'),
    });
  };

  if (devices.isPending) {
    return (
      <p className="account__loading" role="status" data-testid="devices-loading">
        {t('devices.loading')}
      </p>
    );
  }
  if (devices.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('devices.loadError')}
        testId="devices-error"
        onRetry={() => void devices.refetch()}
      >
        {errorText(toFieldError(devices.error), t)}
      </StatusMessage>
    );
  }
  if (devices.data.length === 0) {
    return (
      <StatusMessage kind="empty" title={t('devices.empty')} testId="devices-empty">
        <Trans
          t={t}
          i18nKey="devices.emptyBody"
          values={{ href: activateHref }}
          components={{ link: <Link to={activateHref} /> }}
        />
      </StatusMessage>
    );
  }

  return (
    <section aria-labelledby="account-devices-title" data-testid="active-devices">
      <h2 id="account-devices-title" className="account__section-title">
        {t('devices.title')}
      </h2>
      <ul className="account-devices">
        {devices.data.map((device) => {
          const busy = disconnect.isPending && disconnect.variables === device._id;
          return (
            <li key={device._id} className="account-device" data-testid="device" data-device-id={device._id}>
              <div className="account-device__info">
                <h3 className="account-device__name">{device.name || device.deviceType}</h3>
                <dl className="account-device__meta">
                  <div>
                    <dt>{t('devices.type')}</dt>
                    <dd>{device.deviceType}</dd>
                  </div>
                  {device.model && (
                    <div>
                      <dt>{t('devices.model')}</dt>
                      <dd data-testid="device-model">{device.model}</dd>
                    </div>
                  )}
                  {device.hardwareId && (
                    <div>
                      <dt>{t('devices.hardwareId')}</dt>
                      <dd data-testid="device-hardware-id">{device.hardwareId}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('devices.activated')}</dt>
                    <dd>{formatWhen(device.activatedAt, i18n.language)}</dd>
                  </div>
                  <div>
                    <dt>{t('devices.lastSeen')}</dt>
                    <dd>{formatWhen(device.lastSeenAt, i18n.language)}</dd>
                  </div>
                </dl>
              </div>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onDisconnect(device)}
                disabled={busy}
                aria-busy={busy || undefined}
                aria-label={t('devices.disconnectName', { name: device.name || device.deviceType })}
              >
                {busy ? t('devices.disconnecting') : t('devices.disconnect')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
