import { decideRefresh } from './refresh-rotation';

const GRACE = 10_000;

describe('decideRefresh', () => {
  it('rotates a live token that was never used', () => {
    expect(decideRefresh({ expired: false, revoked: false, rotatedMsAgo: null }, GRACE)).toBe('rotate');
  });

  it('refuses an expired or revoked token without touching anything', () => {
    expect(decideRefresh({ expired: true, revoked: false, rotatedMsAgo: null }, GRACE)).toBe('reject');
    expect(decideRefresh({ expired: false, revoked: true, rotatedMsAgo: null }, GRACE)).toBe('reject');
    // Already revoked (logout or an earlier theft): no second revocation.
    expect(decideRefresh({ expired: false, revoked: true, rotatedMsAgo: 60_000 }, GRACE)).toBe('reject');
  });

  it('treats reuse of a rotated token within the grace as a benign race', () => {
    expect(decideRefresh({ expired: false, revoked: false, rotatedMsAgo: 0 }, GRACE)).toBe('reject');
    expect(decideRefresh({ expired: false, revoked: false, rotatedMsAgo: GRACE }, GRACE)).toBe('reject');
    // Clocks read inside two queued transactions can put the rotation a hair in the future.
    expect(decideRefresh({ expired: false, revoked: false, rotatedMsAgo: -3 }, GRACE)).toBe('reject');
  });

  it('treats reuse of a rotated token after the grace as theft', () => {
    expect(decideRefresh({ expired: false, revoked: false, rotatedMsAgo: GRACE + 1 }, GRACE)).toBe('revoke-family');
  });
});
