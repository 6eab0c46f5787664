import { bearer, refresh, refreshCookieOf, signUp } from './helpers/auth';
import { call, expectEnvelope, type JsonResponse, startTestStack, type TestStack } from './helpers/stack';

/**
 * A sign-in ends REFRESH_IDLE_TTL after its last use, and REFRESH_ABSOLUTE_TTL
 * after it began however often it is refreshed (ASVS 3.3.2), here in
 * seconds. The refresh cookie's Max-Age and the session list say when.
 */

const ABSOLUTE_S = 8;
const IDLE_S = 4;

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ REFRESH_ABSOLUTE_TTL: `${ABSOLUTE_S}s`, REFRESH_IDLE_TTL: `${IDLE_S}s` });
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const maxAgeOf = (res: JsonResponse): number =>
  Number(
    refreshCookieOf(res)!
      .attributes.find((attribute) => attribute.startsWith('Max-Age='))!
      .slice('Max-Age='.length),
  );

it('ends a sign-in left unused for REFRESH_IDLE_TTL', async () => {
  const account = await signUp(stack.url);
  await sleep(IDLE_S * 1000 + 300);
  expectEnvelope(await refresh(stack.url, account.refreshToken), 401, 'UNAUTHORIZED');
});

it('refreshes keep a sign-in alive up to its absolute end and never past it; the cookie and the session list say when it ends', async () => {
  const account = await signUp(stack.url);
  const sessions = async (accessToken: string) =>
    (await call(`${stack.url}/api/v1/auth/sessions`, { headers: bearer(accessToken) })).json.sessions as Array<{
      createdAt: string;
      expiresAt: string;
      current: boolean;
    }>;
  const [started] = await sessions(account.accessToken);
  const signedInAt = Date.parse(started!.createdAt);
  // Unused, it ends IDLE_S from now.
  expect(Date.parse(started!.expiresAt) - signedInAt).toBe(IDLE_S * 1000);

  let cookie = account.refreshToken;
  const maxAges: number[] = [];
  let last: JsonResponse | undefined;
  // Each refresh within the idle time, until past the absolute end.
  while (Date.now() < signedInAt + (ABSOLUTE_S - IDLE_S / 2) * 1000) {
    await sleep((IDLE_S * 1000) / 2);
    last = await refresh(stack.url, cookie);
    expect(last.status).toBe(200);
    cookie = refreshCookieOf(last)!.value;
    maxAges.push(maxAgeOf(last));
  }
  // At first the idle time, then what is left to the absolute end.
  expect(maxAges[0]).toBe(IDLE_S);
  expect(maxAges.at(-1)).toBeLessThan(IDLE_S);
  expect(maxAges).toEqual([...maxAges].sort((a, b) => b - a));
  const [current] = await sessions(last!.json.access_token);
  expect(Date.parse(current!.expiresAt)).toBe(signedInAt + ABSOLUTE_S * 1000);

  // Used within the idle time all along, it still ends at the absolute end.
  await sleep(signedInAt + ABSOLUTE_S * 1000 + 300 - Date.now());
  expectEnvelope(await refresh(stack.url, cookie), 401, 'UNAUTHORIZED');
});
