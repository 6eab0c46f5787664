import { randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import bcrypt from 'bcrypt';
import { isHashablePassword } from './domain/credentials';

const tracer = trace.getTracer('evalplan-auth');

/**
 * bcrypt hashing and checking (on libuv's thread pool). Checking against a
 * missing user still costs one full comparison against a dummy hash of the
 * same cost, so response time does not tell which e-mail addresses exist.
 */
export class PasswordHasher {
  private readonly dummyHash: Promise<string>;

  constructor(private readonly cost: number) {
    // A random password nobody knows; computed once, at start.
    this.dummyHash = bcrypt.hash(randomBytes(32).toString('base64url'), cost);
  }

  /** Resolves once the dummy hash exists, so the first login is not slower than the rest. */
  async ready(): Promise<void> {
    await this.dummyHash;
  }

  /** True when `hash` was made at another cost than BCRYPT_COST. */
  needsRehash(hash: string): boolean {
    return bcrypt.getRounds(hash) !== this.cost;
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  /**
   * True when `password` matches `hash`. Without a hash (unknown user) or with
   * a password bcrypt would truncate, the same work is done and false returned.
   */
  async verify(password: string, hash: string | undefined): Promise<boolean> {
    return tracer.startActiveSpan('auth.verify_password', async (span) => {
      const usable = hash !== undefined && isHashablePassword(password);
      span.setAttribute('evalplan.auth.dummy_hash', !usable);
      try {
        const matches = await bcrypt.compare(password, usable ? hash : await this.dummyHash);
        return usable && matches;
      } finally {
        span.end();
      }
    });
  }
}
