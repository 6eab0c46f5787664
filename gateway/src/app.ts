import { AccessTokens } from '@evalplan/auth-service/contracts';
import { type Cache } from '@evalplan/common/cache';
import { type DependencyMonitor } from '@evalplan/common/dependencies';
import { type Logger } from '@evalplan/common/logging';
import { RateLimiter } from '@evalplan/common/rate-limit';
import Koa from 'koa';
import Router from '@koa/router';
import { activityObserver } from './activity/activity-observer';
import type { ActivityRecorder } from './activity/recorder';
import type { RequestEvent } from './activity/request-event';
import { ExistingUsers } from './auth/existing-users';
import { AuthGuard } from './auth/guard';
import { UserDirectory } from './auth/user-directory';
import type { ServiceClients } from './clients';
import type { GatewayConfig } from './config';
import { accessLog } from './middleware/access-log';
import { ClientLimits } from './limits/client-limits';
import { clientLimitRules } from './limits/rules';
import { jsonBody } from './middleware/body';
import { cors } from './middleware/cors';
import { errorEnvelope } from './middleware/errors';
import { httpMetrics } from './middleware/http-metrics';
import { type Drain } from './middleware/drain';
import { requestId } from './middleware/request-id';
import { accountDataRoutes } from './routes/account-data';
import { activityEventRoutes } from './routes/activity-events';
import { authRoutes } from './routes/auth';
import { openApiRoutes } from './routes/openapi';
import { passwordResetRoutes } from './routes/password-reset';
import { fileRoutes, generatePdfDeadlineMs, pdfRoutes } from './routes/pdf';
import { planExportRoutes } from './routes/plan-export';
import { wizardRoutes } from './routes/wizard';
import { diagnosticRoutes } from './routes/diagnostics';
import { probeRoutes } from './routes/probes';
import { routeDispatcher } from './middleware/routing';

export interface AppDeps {
  config: GatewayConfig;
  logger: Logger;
  cache: Cache;
  clients: ServiceClients;
  /** Records every request when activity recording is on. */
  recorder?: ActivityRecorder<RequestEvent>;
  /** Whether the gateway is stopping (responses then close their connections). */
  drain: Drain;
  /** Whether the database and cache answer; told when a request found one away. */
  dependencies: DependencyMonitor;
}

/** One router for every route, so a known path with the wrong method is a 405 wherever it lives. */
function routes(deps: AppDeps, guard: AuthGuard): Router {
  const root = new Router();
  const users = new UserDirectory(deps.clients.auth);
  // A cache outage lets requests through; the monitor logs it once.
  const limiter = new RateLimiter(deps.cache, deps.logger, () => deps.dependencies.reportFailure());
  const limits = new ClientLimits(clientLimitRules(deps.config.clientLimits, generatePdfDeadlineMs(deps.config)), limiter);
  const routers = [
    probeRoutes(deps),
    diagnosticRoutes(),
    authRoutes({ config: deps.config, clients: deps.clients, guard, users }),
    passwordResetRoutes(deps.clients),
    accountDataRoutes({ config: deps.config, clients: deps.clients, guard, logger: deps.logger }),
    wizardRoutes(deps.clients, guard, limits),
    pdfRoutes(deps.config, deps.clients, guard, limits),
    planExportRoutes(deps.clients, guard),
    activityEventRoutes(deps.clients, guard, limits),
    fileRoutes(deps.clients),
    openApiRoutes(),
  ];
  for (const router of routers) {
    root.use(router.routes());
  }
  return root;
}

/** Methods the router answers at a path (HEAD comes with GET), for 405 answers. */
function allowedMethodsOf(router: Router): (path: string) => string[] {
  return (path) => {
    const methods = new Set(router.match(path, 'GET').path.flatMap((layer) => layer.methods));
    return [...methods];
  };
}

/** The gateway's HTTP application: middleware order is the request's path through it. */
export function createApp(deps: AppDeps): Koa {
  // Only the addresses our own proxies appended count: the client's IP is the
  // one the outermost trusted proxy saw, not whatever the client wrote.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: deps.config.trustedProxyCount });
  // Errors are answered by errorEnvelope; Koa's default logger would print them twice.
  app.silent = true;

  const tokens = new AccessTokens(deps.config.jwtSecret, deps.config.accessTokenTtlMs);
  const guard = new AuthGuard(tokens, new ExistingUsers(deps.clients.auth, deps.logger), deps.cache, deps.dependencies, deps.logger);
  // Outside the error envelope, so activity recording and the access log see the status the client really got.
  // Activity recording, metrics and the access log are told of every request; they add no middleware layer.
  const observers = [
    deps.recorder && activityObserver(deps.recorder, (ctx) => guard.identify(ctx), deps.logger),
    httpMetrics(),
    deps.config.accessLog.enabled && accessLog(deps.logger, deps.config.accessLog),
  ].filter((observer) => typeof observer === 'function');
  app.use(requestId(deps.drain, observers));
  const router = routes(deps, guard);
  app.use(errorEnvelope(deps.logger, allowedMethodsOf(router)));
  app.use(cors({ allowedOrigins: deps.config.corsAllowedOrigins, maxAgeSeconds: deps.config.corsMaxAgeSeconds }));
  app.use(jsonBody());
  app.use(routeDispatcher(router));
  return app;
}
