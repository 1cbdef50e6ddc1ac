import { Link } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <StatusMessage kind="info" title="Page not found" testId="not-found">
      <Link to={paths.home.getHref()}>Go to the home page</Link>
    </StatusMessage>
  );
}
