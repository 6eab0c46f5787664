import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { bearer, signUp, type SignedUp } from './helpers/auth';
import { call, expectEnvelope, startTestStack, type TestStack } from './helpers/stack';

describe('tokens that must not be accepted', () => {
  let stack: TestStack;
  let api: string;

  beforeAll(async () => {
    stack = await startTestStack();
    api = `${stack.url}/api/v1`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const me = (token: string) => call(`${api}/auth/me`, { headers: bearer(token) });

  describe('an access token issued ahead of the clock', () => {
    let account: SignedUp;
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    /** A token as auth-service signs them (its key, issuer and audience), issued at `iat`. */
    const tokenIssuedAt = (iat: number) =>
      new SignJWT({ sub: account.userId, jti: randomUUID(), iss: 'evalplan', aud: 'evalplan-api', iat, exp: iat + 900 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(stack.config.jwtSecret));

    beforeAll(async () => {
      account = await signUp(stack.url);
    });
    afterEach(() => jest.restoreAllMocks());

    it('is refused with 401 UNAUTHORIZED when issued an hour ahead, accepted when issued 30 s ahead', async () => {
      const error = expectEnvelope(await me(await tokenIssuedAt(nowSeconds() + 3600)), 401, 'UNAUTHORIZED');
      expect(error.message).toMatch(/sign in again/);
      // Clocks a little apart are no reason to refuse.
      expect((await me(await tokenIssuedAt(nowSeconds() + 30))).json).toMatchObject({ id: account.userId });
    });

    it('is refused even after it verified once, when the clock then steps back so that its iat lies over a minute ahead', async () => {
      const token = await tokenIssuedAt(nowSeconds() + 50);
      expect((await me(token)).status).toBe(200);
      // The gateway runs in this process: its wall clock steps back 30 s, as NTP may step a real one.
      const realNow = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() - 30_000);
      expectEnvelope(await me(token), 401, 'UNAUTHORIZED');
    });
  });
});
