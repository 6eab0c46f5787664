import { randomUUID } from 'node:crypto';
import { MemoryCache } from '@evalplan/common/cache';
import { createLogger } from '@evalplan/common/logging';
import { revokedFamilyKey } from './contracts';
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
});
