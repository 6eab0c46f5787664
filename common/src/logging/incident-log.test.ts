import { capturedLogger } from '../../../test/helpers/logs';
import { IncidentLog } from './incident-log';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('IncidentLog', () => {
  const messages = { started: 'Redis unreachable', ongoing: 'Redis still unreachable', ended: 'Redis reachable again' };

  it('writes one line when an incident starts, a summary per interval while it lasts, and its totals when it ends', async () => {
    const { logger, lines } = capturedLogger();
    const log = new IncidentLog({
      logger,
      fields: { dependency: 'cache' },
      countField: 'refused_requests',
      messages,
      summaryIntervalMs: 100,
    });
    for (let i = 0; i < 500; i += 1) log.add();
    logger.flush();
    await wait(250);
    log.add(3);
    log.end();
    await wait(20);
    const texts = lines.map((line) => line.msg);
    // 503 requests refused: three kinds of line, not 503 of them.
    expect(texts[0]).toBe('Redis unreachable');
    expect(texts.filter((text) => text === 'Redis unreachable')).toHaveLength(1);
    expect(texts.filter((text) => text === 'Redis still unreachable').length).toBeGreaterThanOrEqual(1);
    expect(texts.filter((text) => text === 'Redis still unreachable').length).toBeLessThanOrEqual(3);
    const summary = lines.find((line) => line.msg === 'Redis still unreachable')!;
    expect(summary).toMatchObject({ level: 'warn', dependency: 'cache', refused_requests: 500, refused_requests_total: 500 });
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      msg: 'Redis reachable again',
      dependency: 'cache',
      refused_requests: 503,
      refused_requests_total: 503,
    });
    expect(lines.at(-1)!.lasted_ms).toEqual(expect.any(Number));
  });

  it('counts each incident apart and keeps the total; ending with no incident open writes nothing', async () => {
    const { logger, lines } = capturedLogger();
    const log = new IncidentLog({ logger, fields: {}, countField: 'dropped_events', messages, summaryIntervalMs: 60_000 });
    log.end();
    log.add(10);
    log.end();
    log.add(5);
    log.end({}, 'stopped while dropping');
    await wait(20);
    expect(lines.map((line) => [line.msg, line.dropped_events ?? null, line.dropped_events_total ?? null])).toEqual([
      ['Redis unreachable', null, null],
      ['Redis reachable again', 10, 10],
      ['Redis unreachable', null, null],
      ['stopped while dropping', 5, 15],
    ]);
    expect(log.total).toBe(15);
    expect(log.open).toBe(false);
  });
});
