import path from 'node:path';
import { bindService } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { PeriodicTask, ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { loadProtos, type types } from '@evalplan/protos';
import { Accounts } from './accounts';
import type { AuthConfig } from './config';
import { AccessTokens } from './contracts';
import { AccountDeletion } from './account-deletion';
import { authHandlers } from './handlers';
import { PasswordResets } from './password-resets';
import { PasswordHasher } from './passwords';
import { RateLimiter } from './rate-limiter';
import { refreshTokensRepository } from './repositories/refresh-tokens';

export const AUTH_SERVICE = 'evalplan.v1.AuthService';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 1000;

/** auth-service: accounts, passwords, token issue and revocation. */
export function createAuthService(config: AuthConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const { AuthService } = loadProtos().auth;
  let purge: PeriodicTask | undefined;
  return new ServiceHost(
    {
      service: 'auth',
      database: config,
      cache: config,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, cache, bind, dependencies }) => {
        const hasher = new PasswordHasher(config.bcryptCost);
        hasher.ready().catch((error: unknown) => logger.error({ err: error }, 'could not prepare the dummy password hash'));
        const accounts = new Accounts({
          db: db.pool,
          cache: cache,
          hasher,
          accessTokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlMs),
          rateLimiter: new RateLimiter(cache, logger, () => dependencies.reportFailure()),
          logger,
          refreshTokenTtlMs: config.refreshTokenTtlMs,
          refreshReuseGraceMs: config.refreshReuseGraceMs,
          rateLimits: {
            perIp: config.authRateLimitPerIp,
            perEmail: config.authRateLimitPerEmail,
            windowMs: config.authRateLimitWindowMs,
          },
        });
        purge = new PeriodicTask({
          name: 'purge-expired-refresh-tokens',
          intervalMs: PURGE_INTERVAL_MS,
          logger,
          run: async () => {
            // Small batches keep each statement short next to live traffic.
            let deleted = 0;
            let batch: number;
            do {
              batch = await refreshTokensRepository.purgeExpired(db.pool, PURGE_BATCH);
              deleted += batch;
            } while (batch === PURGE_BATCH);
            if (deleted > 0) logger.info({ deleted }, 'purged expired refresh tokens');
          },
        });
        purge.start();
        return [
          {
            name: AUTH_SERVICE,
            definition: AuthService.service,
            implementation: bindService<types.AuthServiceHandlers>(
              'AuthService',
              AuthService.service,
              authHandlers({ accounts, passwordResets: new PasswordResets(), accountDeletion: new AccountDeletion() }),
              bind,
            ),
          },
        ];
      },
      onStop: async () => {
        await purge?.stop();
      },
    },
    config,
    logger,
    shared,
  );
}
