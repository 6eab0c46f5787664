import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError } from '@evalplan/common/errors';
import { AccessTokens, claimsStillHold } from './access-tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const tokens = new AccessTokens(SECRET, 15 * 60_000);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token as auth-service would sign it (the real key, issuer and audience), issued at `iat`. */
function tokenIssuedAt(iat: number, userId = randomUUID()): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuer('evalplan')
    .setAudience('evalplan-api')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(new TextEncoder().encode(SECRET));
}

async function refusalOf(token: string): Promise<AppError> {
  const error: unknown = await tokens.verify(token).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AccessTokens.verify and the issue time', () => {
  it('refuses a token issued an hour ahead of the clock (401 UNAUTHORIZED, sign in again), accepts one issued 30 s ahead', async () => {
    const refusal = await refusalOf(await tokenIssuedAt(nowSeconds() + 3600));
    expect({ code: refusal.code, status: refusal.status }).toEqual({ code: 'UNAUTHORIZED', status: 401 });
    expect(refusal.message).toMatch(/sign in again/);
    // Clocks a little apart are no reason to refuse.
    const userId = randomUUID();
    const iat = nowSeconds() + 30;
    await expect(tokens.verify(await tokenIssuedAt(iat, userId))).resolves.toMatchObject({ userId, issuedAt: iat, expiresAt: iat + 900 });
  });

  it('refuses a token issued just over a minute ahead', async () => {
    expect((await refusalOf(await tokenIssuedAt(nowSeconds() + 62))).code).toBe('UNAUTHORIZED');
  });
});

describe('claimsStillHold (for claims cached after they verified)', () => {
  it('holds until the clock steps back so far that the issue time lies over a minute ahead', async () => {
    const claims = await tokens.verify(await tokenIssuedAt(nowSeconds() + 50));
    expect(claimsStillHold(claims, Date.now())).toBe(true);
    expect(claimsStillHold(claims, Date.now() - 20_000)).toBe(false);
  });

  it('holds until the expiry, and for a token issued ahead, not before the clock reached the issue time less a minute', async () => {
    const iat = nowSeconds() + 50;
    const claims = await tokens.verify(await tokenIssuedAt(iat));
    expect(claimsStillHold(claims, (iat + 899) * 1000)).toBe(true);
    expect(claimsStillHold(claims, (iat + 900) * 1000)).toBe(false);
    expect(claimsStillHold(claims, (iat - 60) * 1000)).toBe(true);
    expect(claimsStillHold(claims, (iat - 61) * 1000)).toBe(false);
  });
});
