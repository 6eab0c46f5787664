import { createLogger } from '../logging/logger';
import { type Cache, MemoryCache, openCache } from './cache';

const logger = createLogger({ name: 'test', level: 'silent' });
const redisUrl = process.env.EVALPLAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['in-process store', () => Promise.resolve<Cache>(new MemoryCache())],
  ['Redis', () => openCache({ url: redisUrl, logger })],
])('%s', (_name, open) => {
  let cache: Cache;
  const prefix = `evalplan-test:${process.pid}:${Date.now()}:`;
  beforeAll(async () => {
    cache = await open();
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
    await cache.set(`${prefix}ttl`, 'short', 150);
    expect(await cache.get(`${prefix}ttl`)).toBe('short');
    await sleep(300);
    expect(await cache.get(`${prefix}ttl`)).toBeNull();
  });

  it('counts hits in a fixed window that starts with the first hit', async () => {
    const key = `${prefix}hits`;
    expect((await cache.increment(key, 300)).count).toBe(1);
    const second = await cache.increment(key, 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    await sleep(400);
    expect((await cache.increment(key, 300)).count).toBe(1);
  });

  it('touches several counters in one call, each in its own window, and gives hits back', async () => {
    const touches = [
      { key: `${prefix}many-a`, windowMs: 300, by: 1 },
      { key: `${prefix}many-b`, windowMs: 10_000, by: 2 },
    ];
    expect((await cache.incrementAll(touches)).map((state) => state.count)).toEqual([1, 2]);
    const [a, b] = await cache.incrementAll(touches);
    expect([a!.count, b!.count]).toEqual([2, 4]);
    expect(a!.resetInMs).toBeLessThanOrEqual(300);
    expect(b!.resetInMs).toBeGreaterThan(300);
    expect((await cache.incrementAll([{ key: `${prefix}many-b`, windowMs: 10_000, by: -1 }]))[0]!.count).toBe(3);
    await sleep(400);
    // The first counter's window ended; the second's goes on.
    expect((await cache.incrementAll(touches)).map((state) => state.count)).toEqual([1, 5]);
    expect(await cache.incrementAll([])).toEqual([]);
  });

  it('restarts a counter’s window at each touch that asks to, so a count in use does not expire under it', async () => {
    const key = `${prefix}in-progress`;
    const touch = (by: number) => cache.incrementAll([{ key, windowMs: 300, by, restartWindow: true }]);
    await touch(1);
    await sleep(200);
    // Without the restart the window would end 100 ms from now.
    const [held] = await touch(1);
    expect(held!.count).toBe(2);
    expect(held!.resetInMs).toBeGreaterThan(200);
    await sleep(200);
    expect((await touch(-1))[0]!.count).toBe(1);
    // Untouched for a whole window: gone.
    await sleep(400);
    expect((await touch(1))[0]!.count).toBe(1);
  });

  it('answers a ping', async () => {
    await expect(cache.ping(1_000)).resolves.toBeUndefined();
  });
});
