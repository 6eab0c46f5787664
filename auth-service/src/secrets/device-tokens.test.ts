import { randomUUID } from 'node:crypto';
import { DeviceTokens } from './device-tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const DAY_MS = 86_400_000;

describe('DeviceTokens', () => {
  const tokens = new DeviceTokens(SECRET, 180 * DAY_MS);
  const userId = randomUUID();

  it('recognises what it issued: the account and a device id of its own, for the configured lifetime', () => {
    const issued = tokens.issue(userId);
    expect(issued.maxAgeSeconds).toBe(180 * 86_400);
    const device = tokens.recognise(issued.token);
    expect(device).toEqual({ userId, deviceId: expect.stringMatching(/^[\w-]{22}$/) });
    // Each sign-in a device of its own: its counters start afresh.
    expect(tokens.recognise(tokens.issue(userId).token)!.deviceId).not.toBe(device!.deviceId);
  });

  it('refuses a token with any character altered', () => {
    const { token } = tokens.issue(userId);
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const altered = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect([index, tokens.recognise(altered)]).toEqual([index, undefined]);
    }
  });

  it('cannot be moved to another account: the user id is signed', () => {
    const [version, , deviceId, expiresAt, signature] = tokens.issue(userId).token.split('.');
    const moved = [version, randomUUID(), deviceId, expiresAt, signature].join('.');
    expect(tokens.recognise(moved)).toBeUndefined();
  });

  it('refuses a token signed with another secret, one that has expired, and anything that is not a token', () => {
    expect(tokens.recognise(new DeviceTokens(`${SECRET}-other`, DAY_MS).issue(userId).token)).toBeUndefined();
    let now = Date.now();
    const clocked = new DeviceTokens(SECRET, DAY_MS, () => now);
    const { token } = clocked.issue(userId);
    now += DAY_MS - 1_000;
    expect(clocked.recognise(token)).toEqual({ userId, deviceId: expect.any(String) });
    now += 1_000;
    expect(clocked.recognise(token)).toBeUndefined();
    for (const garbage of ['', 'd1', 'd1.....', `d1.${userId}`, 'x'.repeat(10_000), `d2${token.slice(2)}`, `${token}.extra`]) {
      expect(tokens.recognise(garbage)).toBeUndefined();
    }
  });
});
