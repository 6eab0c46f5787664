import { DatabaseError } from 'pg';

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/**
 * SQLSTATEs of a server that is going away or cannot take us: class 08
 * (connection exception), 57P01-57P03 (shut down by an administrator,
 * crashed, still starting), 53300 (too many connections).
 */
function isUnavailableSqlState(state: string): boolean {
  return state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03' || state === '53300';
}

/**
 * node-postgres' own words for a lost or impossible connection (it raises
 * plain Errors for them): the socket ended under a query, the connect timed
 * out, the pool could not hand out a client in time, the client is broken.
 */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool)/;

/**
 * node-redis' error classes for a client that cannot reach Redis, by name: the
 * redis package is loaded only when REDIS_URL is set (21 MB of memory the
 * all-in-one process does not need), so its classes cannot be imported here.
 */
const REDIS_UNAVAILABLE = new Set([
  'ClientClosedError',
  'ClientOfflineError',
  'ConnectionTimeoutError',
  'DisconnectsClientError',
  'ReconnectStrategyError',
  'SocketClosedUnexpectedlyError',
  'SocketTimeoutError',
]);

/** The parts of an error looked at; read by shape, since Node's own errors may come from another realm (vm, jest). */
interface ErrorShape {
  message?: unknown;
  code?: unknown;
  syscall?: unknown;
  errors?: unknown;
  cause?: unknown;
}

function isOwnDependencyFailure(error: ErrorShape): boolean {
  const { code, syscall, message } = error;
  if (error instanceof DatabaseError) return typeof code === 'string' && isUnavailableSqlState(code);
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  // A unix socket whose server is gone; any other missing file is not an outage.
  if (code === 'ENOENT' && syscall === 'connect') return true;
  if (typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message)) return true;
  return REDIS_UNAVAILABLE.has((error as { constructor?: { name?: string } }).constructor?.name ?? '');
}

/**
 * Whether a failure means "a dependency is unreachable right now" rather than
 * "this request or our code is wrong": the caller should get 503 and try
 * again, and the process should check its dependencies; nothing is logged
 * with a stack. Looks through `cause` chains and AggregateErrors (Node's
 * connect to several addresses), a few levels deep.
 */
export function isDependencyFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const shape = error as ErrorShape;
  if (isOwnDependencyFailure(shape)) return true;
  if (Array.isArray(shape.errors) && shape.errors.some((inner) => isDependencyFailure(inner, depth + 1))) return true;
  return shape.cause !== undefined && isDependencyFailure(shape.cause, depth + 1);
}
