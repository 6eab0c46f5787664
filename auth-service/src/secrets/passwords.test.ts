import bcrypt from 'bcrypt';
import { PasswordHasher, PEPPERED_HASH_PREFIX } from './passwords';

const KEY = 'a test key of at least thirty-two characters';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(4, KEY);
  let stored: string;

  beforeAll(async () => {
    await hasher.ready();
    stored = await hasher.hash('correct horse');
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks a password against its hash', async () => {
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('wrong horse', stored)).toBe(false);
  });

  it('stores bcrypt over the keyed HMAC, behind a marker: not a hash of the password itself', async () => {
    expect(stored.startsWith(PEPPERED_HASH_PREFIX)).toBe(true);
    const bcryptPart = stored.slice(PEPPERED_HASH_PREFIX.length);
    expect(bcrypt.getRounds(bcryptPart)).toBe(4);
    expect(await bcrypt.compare('correct horse', bcryptPart)).toBe(false);
    // Another key, another HMAC: the same table is useless without the key.
    expect(await new PasswordHasher(4, `${KEY} but another`).verify('correct horse', stored)).toBe(false);
  });

  it('tells apart passwords that differ only after byte 72, in any script', async () => {
    for (const unit of ['p', 'λ', '密', '🔑']) {
      const head = unit.repeat(72);
      const hash = await hasher.hash(`${head}one`);
      expect(await hasher.verify(`${head}one`, hash)).toBe(true);
      expect(await hasher.verify(`${head}two`, hash)).toBe(false);
      expect(await hasher.verify(head, hash)).toBe(false);
    }
  });

  it('still checks a plain bcrypt hash from before, within what bcrypt read, and asks for its upgrade', async () => {
    const legacy = await bcrypt.hash('an old password', 4);
    expect(await hasher.verify('an old password', legacy)).toBe(true);
    expect(await hasher.verify('another password', legacy)).toBe(false);
    expect(hasher.needsRehash(legacy)).toBe(true);
    // bcrypt alone stops after 72 bytes and at NUL: a password it would have cut short never matches such a hash.
    const long = 'p'.repeat(72);
    const legacyLong = await bcrypt.hash(long, 4);
    expect(await hasher.verify(long, legacyLong)).toBe(true);
    expect(await hasher.verify(`${long}tail`, legacyLong)).toBe(false);
    expect(await hasher.verify('password\u0000tail', await bcrypt.hash('password', 4))).toBe(false);
  });

  it('for an unknown user still runs one full bcrypt comparison, against a dummy hash of the new kind and the same cost', async () => {
    const compare = jest.spyOn(bcrypt, 'compare');
    expect(await hasher.verify('correct horse', undefined)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
    const [input, against] = compare.mock.calls[0] as unknown as [string, string];
    // The peppered form, as for a real account: the same HMAC work too.
    expect(input).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(against).not.toBe(stored.slice(PEPPERED_HASH_PREFIX.length));
    expect(bcrypt.getRounds(against)).toBe(4);
  });

  it('does the same work for a password a plain hash cannot have seen', async () => {
    const legacy = await bcrypt.hash('p'.repeat(72), 4);
    const compare = jest.spyOn(bcrypt, 'compare');
    expect(await hasher.verify(`${'p'.repeat(72)}tail`, legacy)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('asks for a rehash when the cost differs or the hash is plain bcrypt', async () => {
    expect(hasher.needsRehash(stored)).toBe(false);
    expect(new PasswordHasher(5, KEY).needsRehash(stored)).toBe(true);
    expect(hasher.needsRehash(await bcrypt.hash('x', 4))).toBe(true);
  });
});
