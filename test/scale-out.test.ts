import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { settledActivityRows } from './helpers/activity-rows';
import { testEnv } from './helpers/env';
import { MixedLoad } from './helpers/mixed-load';
import { PdfLoad } from './helpers/pdf-load';
import { type ProcessExit, type Service, SERVICES, ServiceProcesses } from './helpers/service-processes';
import { seconds } from './helpers/fault-figures';
import { answerOf, type Exchange, is2xx, type RequestKind, tally, Traffic } from './helpers/traffic';

/**
 * Scale-out on one machine (issue 20): two gateways and two replicas of
 * every service as separate processes in services mode, on this run's
 * PostgreSQL and Redis, each caller given every replica's address as one
 * comma-separated target. Mixed load goes through both gateways while one
 * replica of each service in turn is killed (SIGKILL), restarted, and the
 * other stopped as an orchestrator does (SIGTERM) and restarted. The run
 * happens once in beforeAll; each test checks one promise against what the
 * clients saw and what each replica logged (LOG_LEVEL=debug: one line per
 * gRPC call it answered, with the request id of the HTTP request behind it).
 */

const REPLICAS = 2;
const GATEWAYS = 2;
const CLIENTS_PER_GATEWAY = 6;
const PDF_CLIENTS_PER_GATEWAY = 1;
/** Load with every replica up, before the first stop and after the last restart: the windows the spread is read in. */
const STEADY_MS = 4_000;
/** How long a stopped replica stays down before it is started again. */
const DOWN_MS = 2_000;
/** How long a restarted replica may take to report SERVING. */
const READY_WAIT_MS = 30_000;
const READY_PROBE_MS = 100;
/**
 * A restarted replica must get calls from both gateways this soon after it reports SERVING: the clients probe an
 * endpoint that is out at most every 2 s ± 20 %, bring it back when the probe finds it serving, and then wait for
 * their next call to it. pdf-service gets only the PDF clients' calls, about one a second per gateway on a slow
 * runner (where a restart takes 7 s, not 1), so 2.4 s of backoff plus a probe plus that gap can pass 3 s.
 */
const REJOIN_LIMIT_S = 5;
/** Calls must spread within this much of even over a service's replicas. */
const SPREAD_TOLERANCE = 0.2;
const MIN_CALLS_FOR_SPREAD = 30;
const READY_POLL_MS = 250;

const RUN = `scale-${Date.now().toString(36)}`;
const HealthClient = grpc.makeGenericClientConstructor(healthService, 'Health');
const READS: readonly RequestKind[] = ['session_read', 'me', 'projects', 'pdf_download'];
const WRITES: readonly RequestKind[] = ['step_save', 'login', 'event', 'pdf_generate'];
const LOAD: readonly RequestKind[] = [...READS, ...WRITES];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
interface ReplicaStop {
  service: Service;
  replica: number;
  signal: 'SIGKILL' | 'SIGTERM';
  stoppedAt: number;
  /** The process's exit code (null after SIGKILL) and how long after the signal it came. */
  exitCode: number | null;
  exitSeconds: number;
  restartedAt: number;
  /** When the restarted process reported SERVING. */
  servingAt: number;
  /** From then until both gateways' requests reached the replica again ('never': not before the run ended). */
  rejoinSeconds: number | 'never';
}

interface Window {
  from: number;
  to: number;
}

interface ScaleOutRun {
  exchanges: Exchange[];
  /** When the load (and the /ready polling judged) began: the start-up polls before it wait for the first 200. */
  loadStartedAt: number;
  stops: ReplicaStop[];
  /** Calls each replica answered in the window before the first stop and after the last restart. */
  spread: Record<Service, { before: number[]; after: number[] }>;
  stepSaveProblems: string[];
  activityRowsExpected: number;
  activityRowsStored: number;
  unexpectedExits: ProcessExit[];
  durationSeconds: number;
}

let run: ScaleOutRun;

/**
 * The calls a replica answered ('grpc call' lines), with when each arrived, and the HTTP
 * request behind each ('' for the gateways' own activity batches).
 */
function answeredCalls(processes: ServiceProcesses, service: Service, replica: number): Array<{ at: number; requestId: string }> {
  return (
    processes
      .logLines(service, replica, (line) => line.msg === 'grpc call')
      // A line is written when the call ends; the call reached the replica duration_ms earlier (a cold first render is slow).
      .map((line) => ({ at: Date.parse(String(line.time)) - Number(line.duration_ms ?? 0), requestId: String(line.request_id ?? '') }))
  );
}

const callsIn = (calls: Array<{ at: number }>, window: Window): number =>
  calls.filter((call) => call.at >= window.from && call.at < window.to).length;

/** From `since` until requests of every gateway have reached the replica ('never' if they did not). */
function rejoinSeconds(processes: ServiceProcesses, service: Service, replica: number, since: number): number | 'never' {
  const firstByGateway = new Map<string, number>();
  for (const call of answeredCalls(processes, service, replica)) {
    if (call.at < since || !call.requestId.startsWith(RUN)) continue;
    const gateway = call.requestId.slice(0, call.requestId.indexOf('.'));
    firstByGateway.set(gateway, Math.min(call.at, firstByGateway.get(gateway) ?? Infinity));
  }
  return firstByGateway.size === GATEWAYS ? seconds(Math.max(...firstByGateway.values()) - since) : 'never';
}

/** Polls a replica's grpc.health.v1 Check, as a kubelet's readiness probe does, until it answers SERVING. */
async function untilServing(address: string, timeoutMs: number): Promise<void> {
  const client = new HealthClient(address, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
    Check(request: object, options: grpc.CallOptions, callback: (error: Error | null, reply?: { status?: string }) => void): void;
  };
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const status = await new Promise<string | undefined>((resolve) =>
        client.Check({ service: '' }, { deadline: Date.now() + 1_000 }, (error: Error | null, reply?: { status?: string }) =>
          resolve(error ? undefined : reply?.status),
        ),
      );
      if (status === 'SERVING') return;
      if (Date.now() > deadline) throw new Error(`${address} not SERVING within ${timeoutMs} ms`);
      await sleep(READY_PROBE_MS);
    }
  } finally {
    client.close();
  }
}

/**
 * Stops a replica, leaves it down for DOWN_MS, starts it again and returns
 * once it reports SERVING: a rolling restart's pace, which stops the next
 * replica as soon as the restarted one is ready, whether or not its
 * clients have noticed yet.
 */
async function stopAndRestart(processes: ServiceProcesses, service: Service, replica: number, signal: 'SIGKILL' | 'SIGTERM') {
  const stoppedAt = Date.now();
  let exitCode: number | null = null;
  if (signal === 'SIGKILL') await processes.kill(service, replica);
  else exitCode = (await processes.terminate(service, replica)).code;
  const exitSeconds = seconds(Date.now() - stoppedAt);
  await sleep(DOWN_MS);
  const restartedAt = Date.now();
  await processes.launch(service, replica);
  await untilServing(processes.address(service, replica), READY_WAIT_MS);
  const servingAt = Date.now();
  return { service, replica, signal, stoppedAt, exitCode, exitSeconds, restartedAt, servingAt, rejoinSeconds: 'never' } as ReplicaStop;
}

async function runScaleOut(): Promise<ScaleOutRun> {
  const processes = await ServiceProcesses.start(
    { databaseUrl: testEnv.databaseUrl, redisUrl: testEnv.redisUrl, workDir: testEnv.workDir },
    { replicas: REPLICAS, gateways: GATEWAYS, serviceLogLevel: 'debug' },
  );
  const traffic = processes.gatewayPorts.map((port, index) => new Traffic(port, `${RUN}-g${index}.`));
  const loads: Array<MixedLoad | PdfLoad> = [];
  const stopWatching: Array<() => Promise<void>> = [];
  try {
    await Promise.all(traffic.map((gateway) => gateway.untilReady(60_000)));
    for (const gateway of traffic) {
      loads.push(await MixedLoad.prepare(gateway, CLIENTS_PER_GATEWAY), await PdfLoad.prepare(gateway, PDF_CLIENTS_PER_GATEWAY));
    }
    const startedAt = Date.now();
    for (const gateway of traffic) stopWatching.push(gateway.watchReady(READY_POLL_MS));
    for (const load of loads) load.start();

    await sleep(STEADY_MS);
    const before: Window = { from: startedAt + 1_000, to: Date.now() };
    const stops: ReplicaStop[] = [];
    for (const service of SERVICES) {
      stops.push(await stopAndRestart(processes, service, 0, 'SIGKILL'));
      stops.push(await stopAndRestart(processes, service, 1, 'SIGTERM'));
    }
    // The last restarted replica is given its clients' longest backoff to be back in every rotation.
    await sleep(REJOIN_LIMIT_S * 1_000);
    const afterFrom = Date.now();
    await sleep(STEADY_MS);
    const after: Window = { from: afterFrom, to: Date.now() };
    for (const load of loads) await load.stop();
    for (const stop of stopWatching) await stop();
    const durationSeconds = seconds(Date.now() - startedAt);
    for (const stop of stops) stop.rejoinSeconds = rejoinSeconds(processes, stop.service, stop.replica, stop.servingAt);

    const spread = Object.fromEntries(
      SERVICES.map((service) => {
        const calls = Array.from({ length: REPLICAS }, (_, replica) => answeredCalls(processes, service, replica));
        return [service, { before: calls.map((c) => callsIn(c, before)), after: calls.map((c) => callsIn(c, after)) }];
      }),
    ) as ScaleOutRun['spread'];
    const stepSaveProblems: string[] = [];
    for (const load of loads) if (load instanceof MixedLoad) stepSaveProblems.push(...(await load.stepSaveProblems()));
    let activityRowsExpected = 0;
    let activityRowsStored = 0;
    for (const gateway of traffic) {
      const expected = gateway.expectedActivityRows();
      activityRowsExpected += expected;
      activityRowsStored += await settledActivityRows(testEnv.databaseUrl, gateway.prefix, expected);
    }
    return {
      exchanges: traffic.flatMap((gateway) => gateway.exchanges),
      loadStartedAt: startedAt,
      stops,
      spread,
      stepSaveProblems,
      activityRowsExpected,
      activityRowsStored,
      unexpectedExits: processes.unexpectedExits(),
      durationSeconds,
    };
  } finally {
    for (const load of loads) {
      await load.stop();
      load.close();
    }
    for (const stop of stopWatching) await stop();
    for (const gateway of traffic) gateway.close();
    await processes.stopAll();
  }
}

/** When a request was sent, against the last stop or restart before it ("0.31 s after SIGTERM wizard #1"). */
function whenInRun(at: number): string {
  const events = run.stops.flatMap((stop) => [
    { at: stop.stoppedAt, what: `${stop.signal} ${stop.service} #${stop.replica}` },
    { at: stop.restartedAt, what: `restart of ${stop.service} #${stop.replica}` },
  ]);
  const last = events.filter((event) => event.at <= at).sort((a, b) => b.at - a.at)[0];
  return last ? `${seconds(at - last.at)} s after ${last.what}` : 'before the first stop';
}

/** A service's calls per replica as shares of even: 1.0 is exactly its part, 0.8–1.2 is within 20 %. */
const evenness = (counts: number[]): number[] => {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count) => Math.round((count / (total / counts.length)) * 100) / 100);
};

function figuresTable(result: ScaleOutRun): string {
  const load = result.exchanges.filter((e) => LOAD.includes(e.kind));
  const lines = ['| figure | value |', '|---|---|'];
  const row = (name: string, value: unknown) => lines.push(`| ${name} | ${String(value)} |`);
  row('load duration (s)', result.durationSeconds);
  row('load requests (both gateways)', load.length);
  row(
    'reads (2xx / other)',
    `${load.filter((e) => READS.includes(e.kind) && is2xx(e)).length} / ${load.filter((e) => READS.includes(e.kind) && !is2xx(e)).length}`,
  );
  row(
    'writes (2xx / 503 / other)',
    `${load.filter((e) => WRITES.includes(e.kind) && is2xx(e)).length} / ${load.filter((e) => WRITES.includes(e.kind) && e.status === 503).length} / ${load.filter((e) => WRITES.includes(e.kind) && !is2xx(e) && e.status !== 503).length}`,
  );
  row(
    '/ready answers other than 200 (both gateways, every 250 ms, from the start of the load)',
    result.exchanges.filter((e) => e.kind === 'ready' && e.sentAt >= result.loadStartedAt && e.status !== 200).length,
  );
  for (const service of SERVICES) {
    const { before, after } = result.spread[service];
    row(
      `${service}-service calls per replica, before / after (× even)`,
      `${before.join(' + ')} (${evenness(before).join(', ')}) / ${after.join(' + ')} (${evenness(after).join(', ')})`,
    );
  }
  for (const stop of result.stops) {
    const exit = stop.signal === 'SIGKILL' ? 'killed' : `exit ${String(stop.exitCode)} after ${stop.exitSeconds} s`;
    row(
      `${stop.service}-service #${stop.replica} ${stop.signal}`,
      `${exit}; serving ${seconds(stop.servingAt - stop.restartedAt)} s after its restart, called by both gateways ${stop.rejoinSeconds} s later`,
    );
  }
  row('step saves answered 2xx and not stored', result.stepSaveProblems.length);
  row('activity rows expected / stored', `${result.activityRowsExpected} / ${result.activityRowsStored}`);
  return lines.join('\n');
}

beforeAll(async () => {
  run = await runScaleOut();
  // The figures are what this suite is for: shown in the test output (one run is kept in docs/reliability.md).
  // eslint-disable-next-line no-console
  console.log(`Scale-out figures (${GATEWAYS} gateways, ${REPLICAS} replicas of each service):\n\n${figuresTable(run)}\n`);
}, 300_000);

describe(`${GATEWAYS} gateways and ${REPLICAS} replicas of every service, each replica in turn killed or stopped and restarted under load`, () => {
  it('every read succeeds: session reads, /auth/me, project lists and PDF downloads', () => {
    const reads = run.exchanges.filter((e) => READS.includes(e.kind));
    expect(new Set(reads.map((e) => e.kind))).toEqual(new Set(READS));
    expect(tally(reads.filter((e) => !is2xx(e)).map((e) => `${e.kind}: ${answerOf(e)} ${whenInRun(e.sentAt)}`))).toEqual([]);
  });

  it('a write that fails answers 503 with the envelope and Retry-After, nothing else', () => {
    const writes = run.exchanges.filter((e) => WRITES.includes(e.kind));
    expect(new Set(writes.filter(is2xx).map((e) => e.kind))).toEqual(new Set(WRITES));
    const others = writes.filter((e) => !is2xx(e) && !(e.status === 503 && e.envelope && e.retryAfter));
    expect(
      tally(others.map((e) => `${e.kind}: ${answerOf(e)}${e.retryAfter ? '' : ' without Retry-After'} ${whenInRun(e.sentAt)}`)),
    ).toEqual([]);
  });

  it('every step save answered 2xx is stored, and every answered request is an activity row', () => {
    expect(run.stepSaveProblems).toEqual([]);
    // An event answered 503 because its replica died after storing it, before answering, may be stored too.
    const eventsRefused = run.exchanges.filter((e) => e.kind === 'event' && e.status === 503).length;
    expect(run.activityRowsStored).toBeGreaterThanOrEqual(run.activityRowsExpected);
    expect(run.activityRowsStored).toBeLessThanOrEqual(run.activityRowsExpected + eventsRefused);
  });

  it(`calls spread over each service's replicas within ${SPREAD_TOLERANCE * 100} % of even while all are up, restarted ones included`, () => {
    for (const service of SERVICES) {
      const { before, after } = run.spread[service];
      // Both windows together: before the first stop, and after every replica was restarted.
      const counts = before.map((count, replica) => count + after[replica]!);
      // Replicas take calls in turn, not at random, so 30 calls already show an uneven spread; pdf-service
      // gets the fewest (one PDF client per gateway) and saw 46 on a slow CI run.
      expect({ service, enough: counts.reduce((sum, count) => sum + count, 0) >= MIN_CALLS_FOR_SPREAD }).toEqual({ service, enough: true });
      for (const share of evenness(counts)) {
        expect({ service, counts, share, within: Math.abs(share - 1) <= SPREAD_TOLERANCE }).toMatchObject({ within: true });
      }
      // The restarted replicas take their part again.
      expect({ service, after: after.every((count) => count > 0) }).toEqual({ service, after: true });
    }
  });

  it(`a restarted replica is called again by both gateways within ${REJOIN_LIMIT_S} s of serving`, () => {
    const late = run.stops.filter((stop) => stop.rejoinSeconds === 'never' || stop.rejoinSeconds > REJOIN_LIMIT_S);
    expect(late.map((stop) => `${stop.service} #${stop.replica} after ${stop.signal}: ${stop.rejoinSeconds}`)).toEqual([]);
  });

  it('a replica told to stop (SIGTERM) finishes its calls and exits 0', () => {
    const stopped = run.stops.filter((stop) => stop.signal === 'SIGTERM');
    expect(stopped.map((stop) => ({ service: stop.service, exitCode: stop.exitCode }))).toEqual(
      SERVICES.map((service) => ({ service, exitCode: 0 })),
    );
  });

  it('both gateways stay ready throughout the load: one replica down is not the service down', () => {
    // The polls made while the processes were still starting (waiting for the first 200) are not judged.
    const polls = run.exchanges.filter((e) => e.kind === 'ready' && e.sentAt >= run.loadStartedAt);
    expect(polls.length).toBeGreaterThan(100);
    expect(
      tally(polls.filter((e) => e.status !== 200).map((e) => `${answerOf(e)} ${JSON.stringify(e.json)} ${whenInRun(e.sentAt)}`)),
    ).toEqual([]);
  });

  it('no process exits but the ones stopped', () => {
    expect(run.unexpectedExits.map((exit) => `${exit.component} #${exit.replica} exited with ${exit.signal ?? exit.code}`)).toEqual([]);
  });
});
