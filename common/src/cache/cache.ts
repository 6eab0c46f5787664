import type * as RedisTypes from 'redis';
import type { RedisClientType } from 'redis';
import { redactUrl } from '../config';
import type { Logger } from '../logging/logger';
import type { DependencyCheck } from '../dependencies/monitor';
import { withTimeout } from '../runtime/timeout';
import { meterOf } from '../telemetry/instruments';

/** One fixed-window counter to touch: `by` hits (0 only reads; a negative number gives hits back). */
export interface CounterTouch {
  key: string;
  windowMs: number;
  by: number;
  /**
   * Start the window afresh at this touch (the counter then lives windowMs
   * after its latest touch): for a count of things in progress, whose window
   * is only a bound on how long a count never given back can stay.
   */
  restartWindow?: boolean;
}

/** A counter after a touch: the hits in its window so far and the time left in the window. */
export interface CounterState {
  count: number;
  resetInMs: number;
}

/**
 * The key-value store behind the token blacklist and rate limits: Redis when
 * REDIS_URL is set, an in-process map with the same TTL semantics otherwise.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  /** Stores a value that disappears after ttlMs. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Counts `by` hits (default 1; 0 only reads) in a fixed window: the first
   * touch starts a window of windowMs. Returns the count so far and the time
   * left in the window.
   */
  increment(key: string, windowMs: number, by?: number): Promise<CounterState>;
  /**
   * Touches several counters in one round trip (one MULTI on Redis), each as
   * increment() would; the states come back in the order given.
   */
  incrementAll(touches: readonly CounterTouch[]): Promise<CounterState[]>;
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface CacheOptions {
  url: string | undefined;
  logger: Logger;
}

/** How the monitor and start-up see a cache: Redis can go away; the in-process store cannot. */
export function cacheCheck(cache: Cache): DependencyCheck | undefined {
  return cache.kind === 'redis' ? { name: 'cache', label: 'Redis', ping: (timeoutMs) => cache.ping(timeoutMs) } : undefined;
}

export async function openCache(options: CacheOptions): Promise<Cache> {
  return options.url ? openRedis(options.url, options) : new MemoryCache();
}

const commandErrors = meterOf('evalplan.cache').createCounter('evalplan.redis.command.errors', {
  description: 'Redis commands that failed (Redis away, a timeout, a refused command).',
  unit: '{command}',
});
/** One attribute set per command, made once. */
const COMMANDS = Object.fromEntries(['GET', 'SET', 'DEL', 'INCRBY', 'MULTI', 'PING'].map((name) => [name, { 'db.operation.name': name }]));

/** Runs a Redis command, counting it in evalplan.redis.command.errors when it fails (no async wrapper: the guard's GET is on every signed-in request). */
function counted<T>(command: keyof typeof COMMANDS, run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    commandErrors.add(1, COMMANDS[command]);
    throw error;
  });
}

/** How long opening waits for a first connection before handing the client over. */
const FIRST_CONNECT_WAIT_MS = 2_000;

async function openRedis(url: string, options: CacheOptions): Promise<Cache> {
  // Loaded here, not at the top: the all-in-one process without Redis never pays for the client (about 20 MB).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createClient } = require('redis') as typeof RedisTypes;
  const client: RedisClientType = createClient({
    url,
    // Fail commands at once while disconnected instead of queueing them: a
    // request must not hang because Redis went away.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 2_000),
    },
  });
  // Reconnect attempts fail every few hundred ms while Redis is down: outages
  // are logged once by the dependency monitor, each attempt only at debug.
  client.on('error', (error: unknown) => options.logger.debug({ err: error }, 'Redis connection problem'));
  // Keeps reconnecting in the background when Redis is not there yet:
  // start-up then waits for it through ping() (waitForDependencies), and
  // readiness reports it. A reachable Redis is connected before this returns.
  const connecting = client.connect();
  connecting.catch((error: unknown) => options.logger.debug({ err: error }, 'Redis not reachable at start'));
  await withTimeout(connecting, FIRST_CONNECT_WAIT_MS, 'Redis connect').catch(() => undefined);
  options.logger.info({ cache: redactUrl(url) }, 'using Redis');
  return {
    kind: 'redis',
    get: (key) => counted('GET', () => client.get(key)),
    set: async (key, value, ttlMs) => {
      await counted('SET', () => client.set(key, value, { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } }));
    },
    delete: async (key) => {
      await counted('DEL', () => client.del(key));
    },
    increment: async (key, windowMs, by = 1) => {
      const [count, , ttl] = (await counted('INCRBY', () =>
        client.multi().incrBy(key, by).pExpire(key, windowMs, 'NX').pTTL(key).exec(),
      )) as unknown as [number, number, number];
      return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
    },
    incrementAll: async (touches) => {
      if (touches.length === 0) return [];
      const replies = (await counted('MULTI', () => {
        const multi = client.multi();
        // INCRBY, then PEXPIRE NX (the first touch starts the window; without NX, every touch does), then PTTL: three replies per counter.
        for (const { key, windowMs, by, restartWindow } of touches) {
          multi
            .incrBy(key, by)
            .pExpire(key, windowMs, restartWindow ? undefined : 'NX')
            .pTTL(key);
        }
        return multi.exec();
      })) as unknown as number[];
      return touches.map((_touch, index) => ({
        count: Number(replies[index * 3]),
        resetInMs: Math.max(0, Number(replies[index * 3 + 2])),
      }));
    },
    ping: async (timeoutMs) => {
      await counted('PING', () => withTimeout(client.ping(), timeoutMs, 'cache ping'));
    },
    close: async () => {
      if (client.isOpen) await client.quit().catch(() => client.destroy());
      else client.destroy();
    },
  };
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process store for a single process (embedded mode). */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    sweepIntervalMs = 60_000,
    /** The clock TTLs and windows run on: the wall clock, or a test's. */
    private readonly now: () => number = Date.now,
  ) {
    // Expired entries are dropped on read; the sweep bounds memory for keys never read again.
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + Math.max(1, ttlMs) });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async increment(key: string, windowMs: number, by = 1): Promise<CounterState> {
    return this.touch(key, windowMs, by);
  }

  async incrementAll(touches: readonly CounterTouch[]): Promise<CounterState[]> {
    return touches.map(({ key, windowMs, by, restartWindow }) => this.touch(key, windowMs, by, restartWindow));
  }

  private touch(key: string, windowMs: number, by: number, restartWindow = false): CounterState {
    const now = this.now();
    const entry = this.live(key) ?? { value: '0', expiresAt: now + windowMs };
    if (restartWindow) entry.expiresAt = now + windowMs;
    entry.value = String(Number(entry.value) + by);
    this.entries.set(key, entry);
    return { count: Number(entry.value), resetInMs: entry.expiresAt - now };
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}
