import type { GrpcClientPool, RequestContext } from '@evalplan/common/grpc';
import type { types } from '@evalplan/protos';

export interface PublicUser {
  id: string;
  email: string;
  created_at: string;
}

interface Entry {
  user: PublicUser;
  storedAt: number;
}

/**
 * GET /auth/me answers from a small in-process cache of user records, so the
 * common case is token verification plus one blacklist lookup with no gRPC
 * hop. A record's fields cannot change through the API (there is no e-mail
 * change), and entries still expire after a few minutes so a future change
 * shows up without a restart. A deleted account never reaches this cache's
 * answer: the guard (ExistingUsers) refuses it before the record is read here.
 * Bounded: the oldest entry leaves first.
 */
export class UserDirectory {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly auth: GrpcClientPool<types.AuthServiceClient>,
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  async get(userId: string, context?: RequestContext): Promise<PublicUser> {
    const cached = this.entries.get(userId);
    if (cached && Date.now() - cached.storedAt < this.ttlMs) return cached.user;
    const found = await this.auth.unary('GetUser', { userId }, { context });
    const user = { id: found.id, email: found.email, created_at: found.createdAt };
    this.entries.delete(userId);
    this.entries.set(userId, { user, storedAt: Date.now() });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return user;
  }
}
