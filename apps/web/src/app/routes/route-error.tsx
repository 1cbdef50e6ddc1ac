import { useRouteError } from 'react-router';
import { StatusMessage } from '../../components/status-message';

/** Last-resort error screen for a route that threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusMessage kind="error" title="Something went wrong" onRetry={() => window.location.reload()}>
      Uh-oh, something went wrong! Please try again
    </StatusMessage>
  );
}
