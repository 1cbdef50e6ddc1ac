import type { Device } from '@marquee/contract';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useAccountDevices, useDisconnectDevice } from '../api/use-account-devices';
import { showToast } from '../hooks/use-toast';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

interface ActiveDevicesProps {
  /** Where a TV is activated by code (/activate). */
  activateHref: string;
}

/** /active-devices: the devices signed in to the account, each with Disconnect (§4 Devices). */
export function ActiveDevices({ activateHref }: ActiveDevicesProps) {
  const devices = useAccountDevices();
  const disconnect = useDisconnectDevice();

  const onDisconnect = (device: Device) => {
    disconnect.mutate(device._id, {
      onSuccess: () => showToast('Device disconnected!'),
      onError: () => showToast('Error disconnecting device', 'error'),
    });
  };

  if (devices.isPending) {
    return (
      <p className="account__loading" role="status" data-testid="devices-loading">
        Loading devices…
      </p>
    );
  }
  if (devices.isError) {
    return (
      <StatusMessage
        kind="error"
        title="We couldn't load your devices"
        testId="devices-error"
        onRetry={() => void devices.refetch()}
      >
        {errorMessage(devices.error)}
      </StatusMessage>
    );
  }
  if (devices.data.length === 0) {
    return (
      <StatusMessage kind="empty" title="No devices are signed in" testId="devices-empty">
        To watch on your TV, open the app on the TV and enter its code at{' '}
        <Link to={activateHref}>{activateHref}</Link>.
      </StatusMessage>
    );
  }

  return (
    <section aria-labelledby="account-devices-title" data-testid="active-devices">
      <h2 id="account-devices-title" className="account__section-title">
        Active devices
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
                    <dt>Type</dt>
                    <dd>{device.deviceType}</dd>
                  </div>
                  <div>
                    <dt>Activated</dt>
                    <dd>{formatWhen(device.activatedAt)}</dd>
                  </div>
                  <div>
                    <dt>Last seen</dt>
                    <dd>{formatWhen(device.lastSeenAt)}</dd>
                  </div>
                </dl>
              </div>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onDisconnect(device)}
                disabled={busy}
                aria-busy={busy || undefined}
                aria-label={`Disconnect ${device.name || device.deviceType}`}
              >
                {busy ? 'Disconnecting…' : 'Disconnect'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
