import { createLogger } from '@evalplan/common/logging';
import { capturedLogger } from '../../../test/helpers/logs';
import { ActivityRecorder } from './recorder';

const logger = createLogger({ name: 'test', level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `condition` holds (a loaded CI machine may be slow), failing after `timeoutMs`. */
async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error('condition not met in time');
    await sleep(5);
  }
}
/** The recorder never looks inside an event; an id is enough to follow each one. */
interface TestEvent {
  id: string;
}
const event = (n: number): TestEvent => ({ id: String(n) });

/** A receiver that can be switched off, keeping what it accepted in order. */
function receiver() {
  const state = { up: true, batches: [] as string[][], calls: 0 };
  const send = async (events: TestEvent[]) => {
    state.calls += 1;
    await sleep(1);
    if (!state.up) throw new Error('activity-service unavailable');
    state.batches.push(events.map((e) => e.id));
  };
  return { state, send };
}

describe('ActivityRecorder', () => {
  it('sends full batches at once and the rest after the interval', async () => {
    const { state, send } = receiver();
    const recorder = new ActivityRecorder(send, { queueLimit: 1000, batchSize: 10, flushIntervalMs: 40 }, logger);
    for (let i = 0; i < 25; i++) recorder.record(event(i));
    await waitFor(() => recorder.delivered === 25);
    expect(state.batches.map((b) => b.length).sort((a, b) => b - a)).toEqual([10, 10, 5]);
    expect(
      state.batches
        .flat()
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(recorder.delivered).toBe(25);
    await recorder.stop(100);
  });

  it('ends a batch at its byte bound as well as at its size, sends an oversized event alone, and sends at once when the bytes fill a batch', async () => {
    const { state, send } = receiver();
    const sizes = new Map<string, number>();
    const sized = (n: number, bytes: number): TestEvent => {
      sizes.set(String(n), bytes);
      return event(n);
    };
    const recorder = new ActivityRecorder(
      send,
      { queueLimit: 1000, batchSize: 10, flushIntervalMs: 60_000, maxBatchBytes: 100, sizeOf: (e) => sizes.get(e.id)! },
      logger,
    );
    // 40 + 40 fill no batch; with the next 40 the bytes pass the bound: the first two go without waiting for the interval.
    [sized(0, 40), sized(1, 40), sized(2, 40), sized(3, 500), sized(4, 10)].forEach((e) => recorder.record(e));
    await waitFor(() => state.batches.length >= 2);
    expect(state.batches.slice(0, 2)).toEqual([['0', '1'], ['2']]);
    await recorder.stop(1000);
    expect(state.batches).toEqual([['0', '1'], ['2'], ['3'], ['4']]);
  });

  it('keeps failed batches and delivers every event once the receiver is back', async () => {
    const { state, send } = receiver();
    state.up = false;
    const recorder = new ActivityRecorder(send, { queueLimit: 1000, batchSize: 5, flushIntervalMs: 10, maxBackoffMs: 40 }, logger);
    for (let i = 0; i < 12; i++) recorder.record(event(i));
    await waitFor(() => state.calls >= 3);
    expect(recorder.pending).toBe(12);
    expect(recorder.delivered).toBe(0);
    state.up = true;
    await waitFor(() => recorder.delivered === 12);
    expect(
      state.batches
        .flat()
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(recorder.dropped).toBe(0);
    expect(recorder.pending).toBe(0);
    await recorder.stop(100);
  });

  it('drops the oldest beyond the bound and counts them; what it keeps is the newest', async () => {
    const { state, send } = receiver();
    state.up = false;
    const recorder = new ActivityRecorder(send, { queueLimit: 10, batchSize: 4, flushIntervalMs: 10, maxBackoffMs: 20 }, logger);
    for (let i = 0; i < 30; i++) recorder.record(event(i));
    await waitFor(() => recorder.dropped === 20 && state.calls >= 2);
    state.up = true;
    await recorder.stop(500);
    expect(
      state.batches
        .flat()
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 10 }, (_, i) => 20 + i));
  });

  it('flushes everything queued when stopped, and gives up at the deadline when it cannot', async () => {
    const { state, send } = receiver();
    const recorder = new ActivityRecorder(send, { queueLimit: 1000, batchSize: 3, flushIntervalMs: 10_000 }, logger);
    for (let i = 0; i < 7; i++) recorder.record(event(i));
    await recorder.stop(1000);
    expect(state.batches.flat()).toHaveLength(7);

    const down = receiver();
    down.state.up = false;
    const stuck = new ActivityRecorder(down.send, { queueLimit: 1000, batchSize: 3, flushIntervalMs: 10_000 }, logger);
    stuck.record(event(1));
    const started = Date.now();
    await stuck.stop(150);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stuck.pending).toBe(1);
  });

  it('backs off while failing even with full batches waiting, instead of retrying in a loop', async () => {
    const { state, send } = receiver();
    state.up = false;
    const recorder = new ActivityRecorder(send, { queueLimit: 1000, batchSize: 5, flushIntervalMs: 20, maxBackoffMs: 100 }, logger);
    for (let i = 0; i < 50; i++) recorder.record(event(i));
    await sleep(300);
    // 2 at first, then one per backoff step (20, 40, 80, 100 ms …): a handful, not hundreds.
    expect(state.calls).toBeGreaterThanOrEqual(3);
    expect(state.calls).toBeLessThanOrEqual(10);
    state.up = true;
    await waitFor(() => recorder.delivered === 50);
    await recorder.stop(100);
  });

  it('keeps backing off when a batch that left before a failure succeeds after it', async () => {
    const calls: number[] = [];
    let call = 0;
    const send = async () => {
      const mine = (call += 1);
      calls.push(Date.now());
      // The first batch fails quickly; the second, already on its way, succeeds after that failure.
      if (mine === 1) throw new Error('activity-service unavailable');
      if (mine === 2) await sleep(30);
    };
    const recorder = new ActivityRecorder(send, { queueLimit: 1000, batchSize: 5, flushIntervalMs: 200, maxBackoffMs: 1000 }, logger);
    for (let i = 0; i < 50; i++) recorder.record(event(i));
    await waitFor(() => calls.length >= 3);
    // Without the check the second batch's success would end the backoff and the third call would follow at once.
    expect(calls[2]! - calls[0]!).toBeGreaterThanOrEqual(150);
    await waitFor(() => recorder.delivered === 50);
    await recorder.stop(100);
  });

  it('drops and counts a batch the receiver refuses for good, and delivers the rest', async () => {
    const delivered: string[] = [];
    const send = async (events: TestEvent[]) => {
      if (events.some((e) => e.id === 'bad')) throw Object.assign(new Error('refused'), { permanent: true });
      delivered.push(...events.map((e) => e.id));
    };
    const recorder = new ActivityRecorder(
      send,
      {
        queueLimit: 1000,
        batchSize: 3,
        flushIntervalMs: 10,
        isPermanent: (error) => (error as { permanent?: boolean }).permanent === true,
      },
      logger,
    );
    for (const id of ['1', '2', 'bad', '4', '5', '6']) recorder.record({ id });
    await waitFor(() => delivered.length === 3 && recorder.dropped === 3);
    expect(delivered).toEqual(['4', '5', '6']);
    expect(recorder.pending).toBe(0);
    await recorder.stop(100);
  });

  it('counts an event recorded after shutdown as dropped, and says so once, not as a full queue', async () => {
    const { send } = receiver();
    const { logger: captured, lines } = capturedLogger();
    const recorder = new ActivityRecorder(send, { queueLimit: 10, batchSize: 5, flushIntervalMs: 10 }, captured);
    await recorder.stop(100);
    recorder.record(event(1));
    recorder.record(event(2));
    expect(recorder.dropped).toBe(2);
    expect(recorder.pending).toBe(0);
    const warnings = lines.filter((line) => line.level === 'warn').map((line) => line.msg);
    expect(warnings).toEqual(['activity event recorded after the shutdown flush; dropped']);
  });
});

describe('ActivityRecorder logs', () => {
  it('tells of an outage and of dropped events once each, with summaries, and the totals when they end and at shutdown', async () => {
    const { logger: captured, lines } = capturedLogger();
    const { state, send } = receiver();
    state.up = false;
    const recorder = new ActivityRecorder(
      send,
      { queueLimit: 20, batchSize: 5, flushIntervalMs: 5, maxBackoffMs: 10, summaryIntervalMs: 60 },
      captured,
    );
    for (let i = 0; i < 500; i++) recorder.record(event(i));
    await waitFor(() => state.calls >= 5);
    await sleep(150);
    state.up = true;
    await waitFor(() => recorder.pending === 0);
    await recorder.stop(100);
    await sleep(20);
    const messages = lines.map((line) => line.msg);
    const count = (message: string) => messages.filter((m) => m === message).length;
    // 480 dropped events and several failed batches: a handful of lines, not hundreds.
    expect(count('activity events dropped: the queue is full')).toBe(1);
    expect(count('activity batches not delivered; holding them and retrying')).toBe(1);
    expect(count('activity events still being dropped')).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThan(20);
    expect(lines.find((line) => line.msg === 'activity recorder reaches activity-service again')).toMatchObject({ level: 'info' });
    expect(lines.find((line) => line.msg === 'activity queue has room again; no more events dropped')).toMatchObject({
      dropped_events: 480,
      dropped_events_total: 480,
    });
    expect(lines.at(-1)).toMatchObject({ msg: 'activity events flushed at shutdown', undelivered_events: 0, dropped_events_total: 480 });
    expect(recorder.dropped).toBe(480);
    expect(recorder.delivered).toBe(20);
  });

  it('says at shutdown what it could not send', async () => {
    const { logger: captured, lines } = capturedLogger();
    const { state, send } = receiver();
    state.up = false;
    const recorder = new ActivityRecorder(send, { queueLimit: 100, batchSize: 5, flushIntervalMs: 10_000 }, captured);
    for (let i = 0; i < 7; i++) recorder.record(event(i));
    await recorder.stop(150);
    await sleep(20);
    expect(lines.at(-1)).toMatchObject({ level: 'warn', msg: 'activity events not delivered before shutdown', undelivered_events: 7 });
  });
});
