import { createLogger } from '../logging/logger';
import { type Cache, MemoryCache, openCache } from './cache';

const logger = createLogger({ name: 'test', level: 'silent' });
const redisUrl = process.env.EVALPLAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/**
 * The short windows and TTLs below: long enough that two calls in a row fall
 * inside one even on a machine busy with other tests (a 300 ms window once
 * ended between two calls there), short enough to wait out.
 */
const SHORT_MS = 1_000;
/** How long past the end of a short window the tests wait or keep clear of it. */
const MARGIN_MS = 400;

/** A store under test and how time passes for it. */
interface Subject {
  cache: Cache;
  wait(ms: number): Promise<void>;
}

/**
 * The in-process store runs on a clock of the test's, so its windows end
 * exactly when the test says (a busy machine once stalled a real sleep past
 * one). Redis keeps its own time: real sleeps, with the margins above.
 */
function inProcessStore(): Promise<Subject> {
  let now = Date.now();
  const cache = new MemoryCache(60_000, () => now);
  return Promise.resolve({
    cache,
    wait: (ms) => {
      now += ms;
      return Promise.resolve();
    },
  });
}

async function redisStore(): Promise<Subject> {
  return { cache: await openCache({ url: redisUrl, logger }), wait: sleep };
}

describe.each([
  ['in-process store', inProcessStore],
  ['Redis', redisStore],
])('%s', (_name, open) => {
  let cache: Cache;
  let wait: (ms: number) => Promise<void>;
  const prefix = `evalplan-test:${process.pid}:${Date.now()}:`;
  beforeAll(async () => {
    ({ cache, wait } = await open());
  });
  afterAll(async () => {
    await cache.close();
  });

  it('stores and deletes values', async () => {
    await cache.set(`${prefix}a`, 'one', 10_000);
    expect(await cache.get(`${prefix}a`)).toBe('one');
    await cache.delete(`${prefix}a`);
    expect(await cache.get(`${prefix}a`)).toBeNull();
  });

  it('forgets a value when its TTL passes', async () => {
    await cache.set(`${prefix}ttl`, 'short', SHORT_MS);
    expect(await cache.get(`${prefix}ttl`)).toBe('short');
    await wait(SHORT_MS + MARGIN_MS);
    expect(await cache.get(`${prefix}ttl`)).toBeNull();
  });

  it('counts hits in a fixed window that starts with the first hit', async () => {
    const key = `${prefix}hits`;
    expect((await cache.increment(key, SHORT_MS)).count).toBe(1);
    const second = await cache.increment(key, SHORT_MS);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(SHORT_MS);
    await wait(SHORT_MS + MARGIN_MS);
    expect((await cache.increment(key, SHORT_MS)).count).toBe(1);
  });

  it('touches several counters in one call, each in its own window, and gives hits back', async () => {
    const touches = [
      { key: `${prefix}many-a`, windowMs: SHORT_MS, by: 1 },
      { key: `${prefix}many-b`, windowMs: 10_000, by: 2 },
    ];
    expect((await cache.incrementAll(touches)).map((state) => state.count)).toEqual([1, 2]);
    const [a, b] = await cache.incrementAll(touches);
    expect([a!.count, b!.count]).toEqual([2, 4]);
    expect(a!.resetInMs).toBeLessThanOrEqual(SHORT_MS);
    expect(b!.resetInMs).toBeGreaterThan(SHORT_MS);
    expect((await cache.incrementAll([{ key: `${prefix}many-b`, windowMs: 10_000, by: -1 }]))[0]!.count).toBe(3);
    await wait(SHORT_MS + MARGIN_MS);
    // The first counter's window ended; the second's goes on.
    expect((await cache.incrementAll(touches)).map((state) => state.count)).toEqual([1, 5]);
    expect(await cache.incrementAll([])).toEqual([]);
  });

  it('restarts a counter’s window at each touch that asks to, so a count in use does not expire under it', async () => {
    const key = `${prefix}in-progress`;
    const touch = (by: number) => cache.incrementAll([{ key, windowMs: SHORT_MS, by, restartWindow: true }]);
    await touch(1);
    await wait(SHORT_MS - MARGIN_MS);
    // Without the restart the window would end MARGIN_MS from now.
    const [held] = await touch(1);
    expect(held!.count).toBe(2);
    expect(held!.resetInMs).toBeGreaterThan(MARGIN_MS);
    await wait(SHORT_MS - MARGIN_MS);
    expect((await touch(-1))[0]!.count).toBe(1);
    // Untouched for a whole window: gone.
    await wait(SHORT_MS + MARGIN_MS);
    expect((await touch(1))[0]!.count).toBe(1);
  });

  it('answers a ping', async () => {
    await expect(cache.ping(1_000)).resolves.toBeUndefined();
  });
});
