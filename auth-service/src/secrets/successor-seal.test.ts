import { randomUUID } from 'node:crypto';
import { newRefreshToken } from './refresh-token-secret';
import { SuccessorSeal } from './successor-seal';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

describe('SuccessorSeal', () => {
  const seal = new SuccessorSeal(SECRET);
  const { token } = newRefreshToken();
  const predecessor = randomUUID();

  it('opens what it sealed, and never stores the token in the clear', () => {
    const sealed = seal.seal(token, predecessor);
    expect(seal.open(sealed, predecessor)).toBe(token);
    expect(sealed.toString('utf8')).not.toContain(token);
    expect(sealed.toString('base64url')).not.toContain(token);
    // A fresh nonce each time: the same token never seals to the same bytes.
    expect(seal.seal(token, predecessor).equals(sealed)).toBe(false);
  });

  it('refuses a value with any byte altered', () => {
    const sealed = seal.seal(token, predecessor);
    for (const index of [0, 12, Math.floor(sealed.length / 2), sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[index] = tampered[index]! ^ 0x01;
      expect(seal.open(tampered, predecessor)).toBeUndefined();
    }
  });

  it('refuses a value moved to another row, cut short, or sealed under another secret', () => {
    const sealed = seal.seal(token, predecessor);
    expect(seal.open(sealed, randomUUID())).toBeUndefined();
    expect(seal.open(sealed.subarray(0, 20), predecessor)).toBeUndefined();
    expect(seal.open(Buffer.alloc(0), predecessor)).toBeUndefined();
    expect(new SuccessorSeal(`${SECRET}-other`).open(sealed, predecessor)).toBeUndefined();
  });
});
