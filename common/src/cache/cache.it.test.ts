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

  it('answers a ping', async () => {
    await expect(cache.ping(1_000)).resolves.toBeUndefined();
  });
});
