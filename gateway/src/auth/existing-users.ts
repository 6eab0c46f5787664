import { AppError } from '@evalplan/common/errors';
import { type GrpcClientPool, type RequestContext, requestFields } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { SIGN_IN_UNCHECKABLE } from '@evalplan/auth-service/contracts';
import type { types } from '@evalplan/protos';

/**
 * How long auth-service's word that a user exists is taken as it stands:
 * within it a request costs no call; after it, a user deleted by any means
 * (even straight in the database) is refused at the latest this long after.
 */
const CONFIRMATION_FRESH_MS = 2_000;
/**
 * How long a confirmation still admits its user while auth-service cannot
 * answer (a restart, a deploy), so wizard work does not fail meanwhile. A
 * user not confirmed within it cannot be told from one deleted: 503.
 */
const UNANSWERED_GRACE_MS = 5 * 60_000;

const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

interface Confirmation {
  /** When auth-service last said the user exists. */
  confirmedAt: number;
  /** When it was last asked; while it cannot answer this moves on and confirmedAt does not. */
  askedAt: number;
}

/**
 * Whether the user a valid access token names still exists. Tokens outlive
 * account deletions, so the gateway asks auth-service (GetUser, which
 * answers UNAUTHORIZED for an unknown user), but at most once per user per
 * CONFIRMATION_FRESH_MS: concurrent requests of one user share the call,
 * and the common case (a user confirmed moments ago) is a map lookup with
 * no promise at all.
 */
export class ExistingUsers {
  /** By user id; re-confirmed users move to the end, so the first is the oldest. */
  private readonly confirmations = new Map<string, Confirmation>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /**
   * Users auth-service said are gone. Ids are never reused, so the answer
   * stands: a deleted user's tokens cost no further call (bounded, oldest out).
   */
  private readonly gone = new Set<string>();

  constructor(
    private readonly auth: GrpcClientPool<types.AuthServiceClient>,
    private readonly logger: Logger,
    private readonly maxUsers = 10_000,
  ) {}

  /**
   * undefined when the user was confirmed moments ago; otherwise a promise
   * that resolves once the user is confirmed (or let through on a recent
   * confirmation while auth-service cannot answer) and rejects with
   * UNAUTHORIZED for a user that is gone, SERVICE_UNAVAILABLE for one that
   * cannot be checked. `requestId` names the asking request in the call
   * made, if one is due (a string, so the usual case builds nothing).
   */
  confirm(userId: string, requestId?: string): Promise<void> | undefined {
    if (this.gone.has(userId)) return Promise.reject(new AppError('UNAUTHORIZED', ACCOUNT_GONE));
    const known = this.confirmations.get(userId);
    if (known !== undefined && Date.now() - known.askedAt < CONFIRMATION_FRESH_MS) return undefined;
    let pending = this.inFlight.get(userId);
    if (pending === undefined) {
      pending = this.ask(userId, requestId === undefined ? undefined : { requestId }).finally(() => this.inFlight.delete(userId));
      this.inFlight.set(userId, pending);
    }
    return pending;
  }

  private async ask(userId: string, context: RequestContext | undefined): Promise<void> {
    try {
      await this.auth.unary('GetUser', { userId }, { context });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
        this.confirmations.delete(userId);
        this.gone.add(userId);
        if (this.gone.size > this.maxUsers) this.gone.delete(this.gone.values().next().value!);
        throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
      }
      // An outage of auth-service is logged once by its client pool; this is only its echo.
      this.logger.debug({ err: error, user_id: userId, ...requestFields(context) }, 'could not confirm that a user exists');
      const known = this.confirmations.get(userId);
      if (known !== undefined && Date.now() - known.confirmedAt < UNANSWERED_GRACE_MS) {
        // Let through, and not asked again for a while: a struggling auth-service gets one call per user per window.
        known.askedAt = Date.now();
        return;
      }
      throw error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE'
        ? new AppError('SERVICE_UNAVAILABLE', SIGN_IN_UNCHECKABLE, error.details)
        : error;
    }
    const now = Date.now();
    this.confirmations.delete(userId);
    this.confirmations.set(userId, { confirmedAt: now, askedAt: now });
    if (this.confirmations.size > this.maxUsers) this.confirmations.delete(this.confirmations.keys().next().value!);
  }
}
