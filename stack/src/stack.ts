import { type Cache, openCache } from '@evalplan/common/cache';
import { type ServiceName } from '@evalplan/common/config';
import { type Database, openDatabase } from '@evalplan/common/db';
import { LocalServices } from '@evalplan/common/grpc';
import { createLogger, type Logger } from '@evalplan/common/logging';
import { type ServiceHost } from '@evalplan/common/runtime';
import { createActivityService } from '@evalplan/activity-service';
import { createAuthService } from '@evalplan/auth-service';
import { GatewayServer } from '@evalplan/gateway';
import { createPdfService } from '@evalplan/pdf-service';
import { createWizardService } from '@evalplan/wizard-service';
import type { StackConfig } from './config';

export interface Stack {
  /** The gateway's HTTP port. */
  port: number;
  config: StackConfig;
  services: Record<ServiceName, ServiceHost>;
  gateway: GatewayServer;
  db: Database;
  cache: Cache;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Builds each component's logger; defaults to pino on stdout at config.logLevel. */
  loggerFor?: (component: string) => Logger;
}

/**
 * Environment that puts the gateway and every service on free loopback
 * ports, so several stacks (tests, benchmarks) can run side by side.
 */
export const EPHEMERAL_PORTS_ENV: Readonly<Record<string, string>> = {
  HOST: '127.0.0.1',
  PORT: '0',
  AUTH_SERVICE_ADDR: '127.0.0.1:0',
  WIZARD_SERVICE_ADDR: '127.0.0.1:0',
  PDF_SERVICE_ADDR: '127.0.0.1:0',
  ACTIVITY_SERVICE_ADDR: '127.0.0.1:0',
};

/** Where a caller reaches a listener: its host (loopback for wildcard binds) and the bound port. */
function targetOf(listen: string, port: number): string {
  if (listen.startsWith('unix:')) return listen;
  const host = listen.slice(0, listen.lastIndexOf(':'));
  const reachable = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host;
  return `${reachable}:${port}`;
}

/**
 * All five components in one process, as `npm start` runs them: one shared
 * database (PGlite when DATABASE_URL is unset) and one shared cache, each
 * service on its own gRPC port. The gateway and wizard-service call the others
 * through the same gRPC handlers and protobuf messages as in production, in
 * process rather than over loopback. Ports configured as 0 are resolved after
 * the services bind, so tests can run many stacks side by side.
 */
export async function startStack(config: StackConfig, options: StackOptions = {}): Promise<Stack> {
  const loggerFor = options.loggerFor ?? ((name: string) => createLogger({ name, level: config.logLevel }));
  const logger = loggerFor('stack');
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, logger });
  const cache = await openCache({ url: config.redisUrl, logger });
  // Components call each other in process: the same handlers and messages, without loopback HTTP/2 (each still listens for outside callers).
  const shared = { db, cache, local: new LocalServices() };

  // In start order: each is created with the addresses of those before it (wizard-service calls pdf-service).
  const factories: Record<ServiceName, (resolved: StackConfig) => ServiceHost> = {
    auth: (resolved) => createAuthService(resolved, loggerFor('auth-service'), shared),
    pdf: (resolved) => createPdfService(resolved, loggerFor('pdf-service'), shared),
    wizard: (resolved) => createWizardService(resolved, loggerFor('wizard-service'), shared),
    activity: (resolved) => createActivityService(resolved, loggerFor('activity-service'), shared),
  };
  const services = {} as Record<ServiceName, ServiceHost>;
  const started: Array<{ stop(): Promise<void> }> = [];
  const closeShared = async (): Promise<void> => {
    await cache.close();
    await db.close();
  };

  try {
    // Sequential: the services share one embedded connection while migrating.
    const resolved = { ...config.services };
    for (const name of Object.keys(factories) as ServiceName[]) {
      services[name] = factories[name]({ ...config, services: { ...resolved } });
      const port = await services[name].start();
      started.push(services[name]);
      resolved[name] = { listen: config.services[name].listen, target: targetOf(config.services[name].listen, port) };
    }
    const gatewayConfig: StackConfig = { ...config, services: resolved };
    const gateway = new GatewayServer(gatewayConfig, loggerFor('gateway'), shared);
    const port = await gateway.start();
    started.push(gateway);

    return {
      port,
      config: gatewayConfig,
      services,
      gateway,
      db,
      cache,
      stop: async () => {
        // Gateway first so no new calls reach the services, then services, then storage.
        for (const component of started.reverse()) await component.stop();
        await closeShared();
      },
    };
  } catch (error) {
    for (const component of started.reverse()) await component.stop().catch(() => undefined);
    await closeShared();
    throw error;
  }
}
