import pino from 'pino';
import { PeriodicTask } from './periodic-task';

const logger = pino({ level: 'silent' });

describe('PeriodicTask', () => {
  it('asks a run in progress to end when stopped, and waits for it', async () => {
    const steps: number[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const task = new PeriodicTask({
      name: 'long',
      intervalMs: 60_000,
      logger,
      // Work in many steps, as a sweep over pages is: it checks the signal between them.
      run: async (signal) => {
        started();
        for (let step = 0; step < 1000 && !signal.aborted; step += 1) {
          steps.push(step);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      },
    });
    const run = task.runOnce();
    await running;
    await new Promise((resolve) => setTimeout(resolve, 30));
    await task.stop();
    const stepsAtStop = steps.length;
    expect(stepsAtStop).toBeGreaterThan(0);
    expect(stepsAtStop).toBeLessThan(1000);
    await run;
    // Nothing more ran once stop() returned.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(steps).toHaveLength(stepsAtStop);
  });

  it('gives each run a fresh signal, and never overlaps runs', async () => {
    const signals: AbortSignal[] = [];
    let concurrent = 0;
    let most = 0;
    const task = new PeriodicTask({
      name: 'short',
      intervalMs: 60_000,
      logger,
      run: async (signal) => {
        signals.push(signal);
        concurrent += 1;
        most = Math.max(most, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 10));
        concurrent -= 1;
      },
    });
    await Promise.all([task.runOnce(), task.runOnce()]);
    await task.runOnce();
    expect(most).toBe(1);
    expect(signals).toHaveLength(2);
    expect(signals[0]).not.toBe(signals[1]);
    expect(signals.some((signal) => signal.aborted)).toBe(false);
  });
});
