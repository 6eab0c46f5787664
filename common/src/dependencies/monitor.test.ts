import { capturedLogger } from '../../../test/helpers/logs';
import { type DependencyCheck, DependencyMonitor } from './monitor';
import { waitForDependencies } from './wait';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A dependency the test switches on and off, counting how often it is asked. */
function switchable(name: string, label: string): DependencyCheck & { up: boolean; pings: number } {
  const check = {
    name,
    label,
    up: true,
    pings: 0,
    ping: async () => {
      check.pings += 1;
      if (!check.up) throw Object.assign(new Error(`connect ECONNREFUSED (${label})`), { code: 'ECONNREFUSED' });
    },
  };
  return check;
}

describe('DependencyMonitor', () => {
  it('notices an outage when a request reports one, tells listeners, logs it once, and notices the recovery', async () => {
    const { logger, lines } = capturedLogger();
    const database = switchable('database', 'PostgreSQL');
    const cache = switchable('cache', 'Redis');
    const monitor = new DependencyMonitor([database, cache], { logger, intervalMs: 60_000, timeoutMs: 100, summaryIntervalMs: 60_000 });
    const changes: boolean[] = [];
    monitor.onChange((healthy) => changes.push(healthy));
    await monitor.start();
    expect(monitor.healthy).toBe(true);

    database.up = false;
    // The timer would take a minute: a failed request makes it look now.
    monitor.reportFailure();
    await monitor.checkNow();
    expect([monitor.healthy, monitor.isUp('database'), monitor.isUp('cache')]).toEqual([false, false, true]);
    for (let i = 0; i < 100; i += 1) monitor.reportFailure();
    database.up = true;
    // While something is down it is checked twice a second, without waiting for the long interval.
    await wait(700);
    monitor.stop();
    expect(monitor.healthy).toBe(true);
    expect(changes).toEqual([false, true]);
    const outageLines = lines.filter((line) => line.dependency === 'database');
    expect(outageLines.map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'PostgreSQL unreachable'],
      ['info', 'PostgreSQL reachable again'],
    ]);
    expect(outageLines[1]!.refused_requests).toBe(100);
    // Debounced: a hundred reports did not make a hundred checks.
    expect(database.pings).toBeLessThan(10);
  });

  it('tells listeners of every dependency that changes, also while another one is already down', async () => {
    const { logger } = capturedLogger();
    const database = switchable('database', 'PostgreSQL');
    const cache = switchable('cache', 'Redis');
    const monitor = new DependencyMonitor([database, cache], { logger, intervalMs: 60_000, timeoutMs: 100, summaryIntervalMs: 60_000 });
    const seen: string[] = [];
    monitor.onChange((healthy) => seen.push(`${healthy} database:${monitor.isUp('database')} cache:${monitor.isUp('cache')}`));
    await monitor.start();
    database.up = false;
    await monitor.checkNow();
    // The whole was already unhealthy: the services' per-dependency health still has to learn that Redis went too.
    cache.up = false;
    await monitor.checkNow();
    database.up = true;
    await monitor.checkNow();
    monitor.stop();
    expect(seen).toEqual(['false database:false cache:true', 'false database:false cache:false', 'false database:true cache:false']);
  });

  it('says an outage is still going on at shutdown, not that it ended', async () => {
    const { logger, lines } = capturedLogger();
    const database = switchable('database', 'PostgreSQL');
    database.up = false;
    const monitor = new DependencyMonitor([database], { logger, intervalMs: 60_000, timeoutMs: 100, summaryIntervalMs: 60_000 });
    await monitor.start();
    monitor.stop();
    await wait(20);
    expect(lines.map((line) => line.msg)).toEqual(['PostgreSQL unreachable', 'PostgreSQL still unreachable at shutdown']);
  });
});

describe('waitForDependencies', () => {
  it('retries with a doubling delay, capped, logging each attempt, until the dependency answers', async () => {
    const { logger, lines } = capturedLogger();
    const database = switchable('database', 'PostgreSQL');
    database.up = false;
    setTimeout(() => (database.up = true), 900);
    await waitForDependencies([database], { logger, timeoutMs: 10_000, maxDelayMs: 300, attemptTimeoutMs: 100 });
    await wait(20);
    const retries = lines.filter((line) => line.msg === 'PostgreSQL not reachable yet; retrying');
    expect(retries.map((line) => line.retry_in_ms).slice(0, 3)).toEqual([250, 300, 300]);
    expect(retries.every((line, index) => line.attempt === index + 1 && line.level === 'warn')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ msg: 'PostgreSQL reachable', attempts: retries.length + 1 });
  });

  it('gives up after the timeout with a message naming what never answered', async () => {
    const { logger } = capturedLogger();
    const cache = switchable('cache', 'Redis');
    cache.up = false;
    const started = Date.now();
    await expect(waitForDependencies([cache], { logger, timeoutMs: 600, maxDelayMs: 200, attemptTimeoutMs: 100 })).rejects.toThrow(
      /^Redis was not reachable within 1 s \(last error: connect ECONNREFUSED \(Redis\)\)$/,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops waiting when the process is told to stop', async () => {
    const { logger } = capturedLogger();
    const cache = switchable('cache', 'Redis');
    cache.up = false;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(
      waitForDependencies([cache], { logger, timeoutMs: 60_000, maxDelayMs: 5_000, attemptTimeoutMs: 100, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
