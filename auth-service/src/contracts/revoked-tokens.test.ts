import { randomUUID } from 'node:crypto';
import { entryRefuses, REPLICA_CLOCK_ALLOWANCE_SECONDS, revokedFamilyValue } from './revoked-tokens';

// The gateway refuses an access token on the one entry it reads: a family's
// revocation time, or a legacy blacklist entry for a token without `fid`.

const familyId = randomUUID();
const revokedAtMs = Date.parse('2025-03-01T12:00:00.700Z');
const revokedAt = Math.floor(revokedAtMs / 1000);

describe('revoked-token entries', () => {
  it('a revoked family holds its revocation time in whole Unix seconds', () => {
    expect(revokedFamilyValue(revokedAtMs)).toBe(String(revokedAt));
  });

  it('no entry refuses nothing', () => {
    expect(entryRefuses(null, { familyId, issuedAt: revokedAt })).toBe(false);
    expect(entryRefuses(null, { familyId: '', issuedAt: revokedAt })).toBe(false);
  });

  it("refuses the family's tokens issued up to the revocation (and the replicas' clock allowance)", () => {
    const entry = revokedFamilyValue(revokedAtMs);
    expect(entryRefuses(entry, { familyId, issuedAt: revokedAt - 600 })).toBe(true);
    expect(entryRefuses(entry, { familyId, issuedAt: revokedAt })).toBe(true);
    expect(entryRefuses(entry, { familyId, issuedAt: revokedAt + REPLICA_CLOCK_ALLOWANCE_SECONDS })).toBe(true);
  });

  it('lets through a token the family was issued after a revocation that did not commit', () => {
    const entry = revokedFamilyValue(revokedAtMs);
    expect(entryRefuses(entry, { familyId, issuedAt: revokedAt + REPLICA_CLOCK_ALLOWANCE_SECONDS + 1 })).toBe(false);
  });

  it('a legacy blacklist entry refuses its token whatever it holds; a family value that is no time refuses', () => {
    expect(entryRefuses('1', { familyId: '', issuedAt: revokedAt + 3600 })).toBe(true);
    expect(entryRefuses('1', { familyId: '', issuedAt: revokedAt })).toBe(true);
    expect(entryRefuses('', { familyId, issuedAt: revokedAt + 3600 })).toBe(true);
    expect(entryRefuses('soon', { familyId, issuedAt: revokedAt + 3600 })).toBe(true);
  });
});
