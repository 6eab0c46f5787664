import { decideRefresh, type PresentedRefreshToken } from './refresh-rotation';

const GRACE = 10_000;
const token = (state: Partial<PresentedRefreshToken>): PresentedRefreshToken => ({
  expired: false,
  revoked: false,
  rotatedMsAgo: null,
  hasSealedSuccessor: false,
  ...state,
});

describe('decideRefresh', () => {
  it('rotates a live token that was never used', () => {
    expect(decideRefresh(token({}), GRACE)).toBe('rotate');
  });

  it('refuses an expired or revoked token without touching anything', () => {
    expect(decideRefresh(token({ expired: true }), GRACE)).toBe('reject');
    expect(decideRefresh(token({ revoked: true }), GRACE)).toBe('reject');
    // Already revoked (logout or an earlier theft): no second revocation.
    expect(decideRefresh(token({ revoked: true, rotatedMsAgo: 60_000 }), GRACE)).toBe('reject');
    // Revoked within the grace: its kept successor is not handed out.
    expect(decideRefresh(token({ revoked: true, rotatedMsAgo: 100, hasSealedSuccessor: true }), GRACE)).toBe('reject');
  });

  it('answers reuse of a rotated token within the grace with its successor', () => {
    expect(decideRefresh(token({ rotatedMsAgo: 0, hasSealedSuccessor: true }), GRACE)).toBe('reissue-successor');
    expect(decideRefresh(token({ rotatedMsAgo: GRACE, hasSealedSuccessor: true }), GRACE)).toBe('reissue-successor');
    // Clocks read inside two queued transactions can put the rotation a hair in the future.
    expect(decideRefresh(token({ rotatedMsAgo: -3, hasSealedSuccessor: true }), GRACE)).toBe('reissue-successor');
  });

  it('refuses reuse within the grace when no successor is kept (rotated before successors were kept)', () => {
    expect(decideRefresh(token({ rotatedMsAgo: 5, hasSealedSuccessor: false }), GRACE)).toBe('reject');
  });

  it('treats reuse of a rotated token after the grace as theft, even if a sealed successor was not yet cleared', () => {
    expect(decideRefresh(token({ rotatedMsAgo: GRACE + 1 }), GRACE)).toBe('revoke-family');
    expect(decideRefresh(token({ rotatedMsAgo: GRACE + 1, hasSealedSuccessor: true }), GRACE)).toBe('revoke-family');
  });
});
