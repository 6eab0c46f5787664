import bcrypt from 'bcrypt';
import { PasswordHasher } from './passwords';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(4);
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

  it('for an unknown user still runs one full bcrypt comparison, against a dummy hash of the same cost', async () => {
    const compare = jest.spyOn(bcrypt, 'compare');
    expect(await hasher.verify('correct horse', undefined)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
    const [password, against] = compare.mock.calls[0] as unknown as [string, string];
    expect(password).toBe('correct horse');
    expect(against).not.toBe(stored);
    expect(bcrypt.getRounds(against)).toBe(4);
  });

  it('never matches a password bcrypt would cut short, yet does the same work', async () => {
    const long = 'p'.repeat(72);
    const hash = await hasher.hash(long);
    const compare = jest.spyOn(bcrypt, 'compare');
    expect(await hasher.verify(`${long}tail`, hash)).toBe(false);
    expect(await hasher.verify('password\u0000tail', await hasher.hash('password'))).toBe(false);
    expect(compare).toHaveBeenCalledTimes(2);
  });

  it('asks for a rehash only when the cost differs', async () => {
    expect(hasher.needsRehash(stored)).toBe(false);
    expect(new PasswordHasher(5).needsRehash(stored)).toBe(true);
  });
});
