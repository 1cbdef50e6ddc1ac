// Which failures mean a store is away for a moment (so a request is a 503 with Retry-After and a
// starting node waits), as opposed to a bug (a 500).

/** Node's socket failures, as the PostgreSQL driver passes them on when it cannot connect. */
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * The database did not answer (it is restarting, shutting down or out of reach), so the same query
 * may work in a moment: a socket failure, PostgreSQL's connection classes (57P0x shutting down or
 * starting up, 08xxx connection exceptions), or the driver's own word for a connection it lost.
 */
export function isDatabaseUnavailable(err: { code?: unknown; message?: unknown }): boolean {
  const code = String(err.code ?? '');
  return (
    SOCKET_FAILURES.has(code) ||
    /^(57P0[1-3]|08\d{3})$/.test(code) ||
    /^Connection terminated|not queryable|timeout exceeded when trying to connect/.test(String(err.message))
  );
}
