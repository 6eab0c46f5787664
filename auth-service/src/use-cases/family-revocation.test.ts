import { randomUUID } from 'node:crypto';
import { MemoryCache } from '@evalplan/common/cache';
import { createLogger } from '@evalplan/common/logging';
import { AccessTokens, entryRefuses, REPLICA_CLOCK_ALLOWANCE_SECONDS, revokedFamilyKey } from '../contracts';
import { FamilyRevocation } from './family-revocation';

const ACCESS_TTL_MS = 15 * 60_000;

describe('FamilyRevocation.announce', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('refuses each family until its last access token could have expired (TTL plus the 60 s clock allowance), not longer', async () => {
    jest.useFakeTimers({ now: Date.parse('2025-01-01T00:00:00Z') });
    const cache = new MemoryCache();
    const revocation = new FamilyRevocation({
      cache,
      accessTokenTtlMs: ACCESS_TTL_MS,
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
    const families = [randomUUID(), randomUUID()];
    await revocation.announce(families);
    jest.setSystemTime(Date.now() + ACCESS_TTL_MS + 59_000);
    for (const id of families) expect(await cache.get(revokedFamilyKey(id))).not.toBeNull();
    jest.setSystemTime(Date.now() + 2_000);
    for (const id of families) expect(await cache.get(revokedFamilyKey(id))).toBeNull();
    await cache.close();
  });

  it("refuses the family's access tokens issued until the announcement, not those a later refresh issues", async () => {
    // Announced before the commit: if the transaction then rolls back, the family's next refresh must work.
    jest.useFakeTimers({ now: Date.parse('2025-01-01T00:00:00.500Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const cache = new MemoryCache();
    const revocation = new FamilyRevocation({
      cache,
      accessTokenTtlMs: ACCESS_TTL_MS,
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
    const tokens = new AccessTokens('a-test-secret-of-at-least-thirty-two-characters', ACCESS_TTL_MS);
    const familyId = randomUUID();
    const userId = randomUUID();
    const before = await tokens.verify((await tokens.issue(userId, familyId)).token);
    jest.setSystemTime(Date.now() + 400);
    await revocation.announce([familyId]);
    const sameSecond = await tokens.verify((await tokens.issue(userId, familyId)).token);
    jest.setSystemTime(Date.now() + (REPLICA_CLOCK_ALLOWANCE_SECONDS + 1) * 1000);
    const later = await tokens.verify((await tokens.issue(userId, familyId)).token);

    const entry = await cache.get(revokedFamilyKey(familyId));
    expect(entryRefuses(entry, before)).toBe(true);
    expect(entryRefuses(entry, sameSecond)).toBe(true);
    expect(entryRefuses(entry, later)).toBe(false);
    // Another family is not touched.
    const other = await tokens.verify((await tokens.issue(userId, randomUUID())).token);
    expect(entryRefuses(await cache.get(revokedFamilyKey(other.familyId)), other)).toBe(false);
    await cache.close();
  });
});
