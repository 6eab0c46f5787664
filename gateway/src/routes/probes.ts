import { type Cache } from '@evalplan/common/cache';
import { SERVICE_NAMES, type ServiceName } from '@evalplan/common/config';
import { DEPENDENCY_CHECK_TIMEOUT_MS } from '@evalplan/common/dependencies';
import { dependencyHealthName } from '@evalplan/common/grpc';
import Router from '@koa/router';
import type { ServiceClients } from '../clients';
import type { Answer } from '../contracts/responses';

/** The contract's "short dependency timeout" for readiness: the one the services' own checks use. */
const READY_TIMEOUT_MS = DEPENDENCY_CHECK_TIMEOUT_MS;

type DependencyState = 'ok' | 'error';

async function check(ping: () => Promise<void>): Promise<DependencyState> {
  try {
    await ping();
    return 'ok';
  } catch {
    return 'error';
  }
}

/** Each service's grpc.health.v1 answer: "ok" only for SERVING (its own database and cache answer). */
async function serviceStates(clients: ServiceClients): Promise<Record<ServiceName, DependencyState>> {
  const states = await Promise.all(
    SERVICE_NAMES.map(async (name) => [name, (await clients[name].isServing(READY_TIMEOUT_MS)) ? 'ok' : 'error'] as const),
  );
  return Object.fromEntries(states) as Record<ServiceName, DependencyState>;
}

/** The services that keep data in PostgreSQL: each reports whether its database answers. */
const DATABASE_USERS = ['auth', 'wizard', 'activity'] as const satisfies readonly ServiceName[];

/**
 * The database as the services see it (the gateway has none of its own):
 * "error" when one of them reports it unreachable, or none of them answers;
 * "ok" when those that answer report it reachable.
 */
async function databaseState(clients: ServiceClients): Promise<DependencyState> {
  const reports = await Promise.all(
    DATABASE_USERS.map((name) => clients[name].healthOf(READY_TIMEOUT_MS, dependencyHealthName('database'))),
  );
  return reports.includes('SERVING') && !reports.includes('NOT_SERVING') ? 'ok' : 'error';
}

/**
 * Liveness and readiness, outside the /api/v1 prefix. /health only says the
 * process answers. /ready checks, side by side and each within the short
 * timeout, the database as the services report it and the gateway's cache
 * (the contract's two fields) and every service it calls (the added
 * "services" field): 503 when any of them is not there, so traffic goes to a
 * gateway that can serve it.
 */
export function probeRoutes(deps: { cache: Cache; clients: ServiceClients }): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' } satisfies Answer<'Status'>;
  });
  router.get('/ready', async (ctx) => {
    const [database, cache, services] = await Promise.all([
      databaseState(deps.clients),
      check(() => deps.cache.ping(READY_TIMEOUT_MS)),
      serviceStates(deps.clients),
    ]);
    const ready = database === 'ok' && cache === 'ok' && Object.values(services).every((state) => state === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: ready ? 'ok' : 'error', database, cache, services } satisfies Answer<'ReadyStatus'>;
  });
  return router;
}
