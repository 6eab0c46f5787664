import path from 'node:path';
import { inBatches } from '@evalplan/common/db';
import { bindService } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { PeriodicTask, ServiceHost, type SharedResources } from '@evalplan/common/runtime';
import { loadProtos, type types } from '@evalplan/protos';
import { AccountNotices } from './use-cases/account-notices';
import { Accounts } from './use-cases/accounts';
import type { AuthConfig } from './config';
import { AccessTokens } from './contracts';
import { AccountDeletion } from './use-cases/account-deletion';
import { DeviceTokens } from './secrets/device-tokens';
import { SignInLimits } from './domain/sign-in-limits';
import { FamilyRevocation } from './use-cases/family-revocation';
import { authHandlers } from './handlers';
import { PasswordResets } from './use-cases/password-resets';
import { PasswordHasher } from './secrets/passwords';
import { RateLimiter } from '@evalplan/common/rate-limit';
import { refreshFamiliesRepository } from './repositories/refresh-families';
import { refreshTokensRepository } from './repositories/refresh-tokens';
import { createAuthServiceClients, personalDataOf, type AuthServiceClients } from './clients/service-clients';
import { SuccessorSeal } from './secrets/successor-seal';

export const AUTH_SERVICE = 'evalplan.v2.AuthService';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 1000;
/** Successors kept for the reuse grace are forgotten this often once it passed (never handed out after it anyway). */
const FORGET_SUCCESSORS_MAX_INTERVAL_MS = 30_000;

/** auth-service: accounts, passwords, token issue and revocation. */
export function createAuthService(config: AuthConfig, logger: Logger, shared?: SharedResources): ServiceHost {
  const { AuthService } = loadProtos().auth;
  let purge: PeriodicTask | undefined;
  let forgetSuccessors: PeriodicTask | undefined;
  let serviceClients: AuthServiceClients | undefined;
  let passwordResets: PasswordResets | undefined;
  let notices: AccountNotices | undefined;
  return new ServiceHost(
    {
      service: 'auth',
      database: config,
      cache: config,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      bindings: ({ db, cache, bind, dependencies }) => {
        const hasher = new PasswordHasher(config.bcryptCost, config.passwordHashKey);
        hasher.ready().catch((error: unknown) => logger.error({ err: error }, 'could not prepare the dummy password hash'));
        const revocation = new FamilyRevocation({ cache, accessTokenTtlMs: config.accessTokenTtlMs, logger });
        const rateLimiter = new RateLimiter(cache, logger, () => dependencies.reportFailure());
        notices = AccountNotices.from({ config, db: db.pool, logger });
        const limits = new SignInLimits({
          perIp: config.authRateLimitPerIp,
          perEmail: config.authRateLimitPerEmail,
          windowMs: config.authRateLimitWindowMs,
          perIpHourly: config.authRateLimitPerIpHourly,
          perEmailHourly: config.authRateLimitPerEmailHourly,
        });
        const accounts = new Accounts({
          db: db.pool,
          cache: cache,
          hasher,
          accessTokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlMs),
          revocation,
          successorSeal: new SuccessorSeal(config.jwtSecret),
          rateLimiter,
          limits,
          deviceTokens: new DeviceTokens(config.jwtSecret, config.deviceTokenTtlMs),
          notices,
          logger,
          refreshLifetime: { absoluteMs: config.refreshAbsoluteTtlMs, idleMs: config.refreshIdleTtlMs },
          refreshReuseGraceMs: config.refreshReuseGraceMs,
        });
        purge = new PeriodicTask({
          name: 'purge-expired-refresh-tokens',
          intervalMs: PURGE_INTERVAL_MS,
          logger,
          run: async () => {
            const deleted = await inBatches(PURGE_BATCH, (size) => refreshTokensRepository.purgeExpired(db.pool, size));
            const families = await inBatches(PURGE_BATCH, (size) => refreshFamiliesRepository.purgeExpired(db.pool, size));
            if (deleted + families > 0) logger.info({ deleted, families }, 'purged expired refresh tokens');
          },
        });
        purge.start();
        forgetSuccessors = new PeriodicTask({
          name: 'forget-kept-refresh-successors',
          intervalMs: Math.max(1_000, Math.min(FORGET_SUCCESSORS_MAX_INTERVAL_MS, config.refreshReuseGraceMs)),
          logger,
          run: async () => {
            await refreshTokensRepository.forgetSuccessorsOlderThan(db.pool, config.refreshReuseGraceMs);
          },
        });
        forgetSuccessors.start();
        serviceClients = createAuthServiceClients(config, logger, shared?.local);
        passwordResets = PasswordResets.from({
          config,
          db: db.pool,
          hasher,
          rateLimiter,
          revocation,
          notices,
          signInLimits: limits,
          logger,
        });
        return [
          {
            name: AUTH_SERVICE,
            definition: AuthService,
            implementation: bindService<types.AuthServiceHandlers>(
              'AuthService',
              AuthService,
              authHandlers({
                accounts,
                passwordResets,
                accountDeletion: new AccountDeletion({
                  db: db.pool,
                  hasher,
                  rateLimiter,
                  limits,
                  revocation,
                  personalData: personalDataOf(serviceClients),
                  logger,
                }),
              }),
              bind,
            ),
          },
        ];
      },
      onStop: async () => {
        await purge?.stop();
        await forgetSuccessors?.stop();
        // Reset e-mails already accepted (202) are finished before the transport closes.
        await passwordResets?.close();
        await notices?.close();
        serviceClients?.close();
      },
    },
    config,
    logger,
    shared,
  );
}
