import http from 'node:http';
import { settledActivityRows, requestIdsWithRows } from './helpers/activity-rows';
import { testEnv } from './helpers/env';
import {
  figuresTable,
  loadFigures,
  readyRecovery,
  routesRecovery,
  type ScenarioFigures,
  type Seconds,
  seconds,
  writeFigures,
} from './helpers/fault-figures';
import { isLoadKind, LOAD_PAUSE_MS, MixedLoad } from './helpers/mixed-load';
import { HeldWrites } from './helpers/held-writes';
import { type ProcessExit, ServiceProcesses } from './helpers/service-processes';
import { ThrowawayPostgres } from './helpers/throwaway-postgres';
import { ThrowawayRedis } from './helpers/throwaway-redis';
import { answerOf, type Exchange, is2xx, tally, Traffic } from './helpers/traffic';

/**
 * The fault suite (issue 18): five real processes in services mode on a
 * PostgreSQL and a Redis of its own, under steady mixed load, while a
 * dependency goes away and comes back, a service is killed, or the gateway
 * is told to stop. Each scenario runs once in its beforeAll; its tests then
 * check one promise each against what the clients saw, so a run shows every
 * broken promise at once. The figures go to the output and to a JSON file.
 */

const CLIENTS = 16;
/** Load before the fault and after recovery, so both sides of it are measured. */
const STEADY_MS = 3_000;
const READY_POLL_MS = 250;
/** Time /ready may take to notice a fault; every poll after it must name the fault. */
const READY_NOTICE_MS = 3_000;
/** Promised recoveries: /ready 200 (and the hurt routes 2xx) this soon after the dependency is back. */
const RECOVERY_LIMIT_S = 5;
/** How long the scenario waits for /ready 200 after the fault before it gives up. */
const RECOVERY_WAIT_MS = 20_000;
const SCENARIO_TIMEOUT_MS = 240_000;

const RUN = `faults-${Date.now().toString(36)}`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const READY_OK = { status: 'ok', database: 'ok', cache: 'ok', services: { auth: 'ok', wizard: 'ok', pdf: 'ok', activity: 'ok' } };

let postgres: ThrowawayPostgres;
let redis: ThrowawayRedis;
const figures: ScenarioFigures[] = [];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([ThrowawayPostgres.create(), ThrowawayRedis.create()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([postgres?.destroy(), redis?.destroy()]);
  if (figures.length === 0) return;
  const file = await writeFigures(figures, { clients: CLIENTS, pauseMs: LOAD_PAUSE_MS, readyPollMs: READY_POLL_MS }, testEnv.workDir);
  // The figures are what this suite is for: shown in the test output, and written where FAULT_FIGURES_FILE says.
  // eslint-disable-next-line no-console
  console.log(`Fault figures (${CLIENTS} clients, ${LOAD_PAUSE_MS} ms pause each; also in ${file}):\n\n${figuresTable(figures)}\n`);
}, 60_000);

function startProcesses(): Promise<ServiceProcesses> {
  return ServiceProcesses.start({ databaseUrl: postgres.url, redisUrl: redis.url, workDir: testEnv.workDir });
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(100);
}

/** The 503 code the contract names for a request's route. */
const unavailableCodeOf = (exchange: Exchange): string =>
  exchange.method === 'POST' && exchange.path === '/api/v1/activity/events' ? 'ACTIVITY_RECORDER_UNAVAILABLE' : 'SERVICE_UNAVAILABLE';

/** The load's and the scenario's own requests (not /ready polls, nor set-up). */
const isJudged = (exchange: Exchange): boolean => isLoadKind(exchange.kind) || exchange.kind === 'probe';

/** Answers that are neither a success nor a 503 envelope with the route's code. */
function answersOtherThanSuccessOr503(exchanges: Exchange[]): string[] {
  return tally(
    exchanges
      .filter((e) => isJudged(e) && !is2xx(e) && !(e.status === 503 && e.envelope && e.code === unavailableCodeOf(e)))
      .map((e) => `${e.kind}: ${answerOf(e)}`),
  );
}

function unavailableWithoutRetryAfter(exchanges: Exchange[]): string[] {
  return tally(exchanges.filter((e) => isJudged(e) && e.status === 503 && !e.retryAfter).map((e) => `${e.kind}: 503 without Retry-After`));
}

const describeExits = (exits: ProcessExit[]): string[] =>
  exits.map((exit) => `${exit.component} (pid ${exit.pid ?? '?'}) exited with ${exit.signal ?? `code ${String(exit.code)}`}`);

/** The distinct /ready answers among these polls. */
function distinctReadyAnswers(polls: Exchange[]): Array<{ status: number | undefined; body: unknown }> {
  const seen = new Map<string, { status: number | undefined; body: unknown }>();
  for (const poll of polls) {
    const answer = { status: poll.status, body: poll.json };
    seen.set(JSON.stringify(answer), answer);
  }
  return [...seen.values()];
}

interface Fault {
  /** Slug for the request ids. */
  name: string;
  title: string;
  outageMs: number;
  /**
   * Catch a step save and a login inside their transactions when the fault
   * comes (row locks in PostgreSQL), so the services surely have work on a
   * connection the fault cuts, not only by chance of the load's timing.
   */
  writesInFlight?: boolean;
  stop(processes: ServiceProcesses): Promise<void>;
  start(processes: ServiceProcesses): Promise<void>;
}

interface FaultRun {
  traffic: Traffic;
  /** Fault begun (stop issued), fault in effect (stop returned), restart issued, dependency back. */
  faultAt: number;
  downAt: number;
  restartAt: number;
  backAt: number;
  unexpectedExits: ProcessExit[];
  stepSaveProblems: string[];
  activityRowsExpected: number;
  activityRowsStored: number;
  figures: ScenarioFigures;
}

/**
 * Starts the processes, prepares the load and runs it: steady, through the
 * fault (stop, outage, start), until /ready is 200 again, steady again. Then
 * reads the step saves back and counts the activity rows.
 */
async function runFault(fault: Fault): Promise<FaultRun> {
  const processes = await startProcesses();
  const traffic = new Traffic(processes.gatewayPort, `${RUN}-${fault.name}.`);
  let load: MixedLoad | undefined;
  let held: HeldWrites | undefined;
  let restartPending = false;
  try {
    await traffic.untilReady(60_000);
    load = await MixedLoad.prepare(traffic, CLIENTS);
    if (fault.writesInFlight) held = await HeldWrites.prepare(traffic);
    const stopWatching = traffic.watchReady(READY_POLL_MS);
    load.start();
    await sleep(STEADY_MS);

    await held?.hold(postgres.url);
    const faultAt = Date.now();
    restartPending = true;
    await fault.stop(processes);
    const downAt = Date.now();
    await sleep(fault.outageMs);
    const restartAt = Date.now();
    await fault.start(processes);
    restartPending = false;
    const backAt = Date.now();

    await until(() => traffic.exchanges.some((e) => e.kind === 'ready' && e.sentAt >= backAt && e.status === 200), RECOVERY_WAIT_MS);
    await sleep(STEADY_MS);
    await load.stop();
    await stopWatching();
    await held?.answered();

    const stepSaveProblems = await load.stepSaveProblems();
    const activityRowsExpected = traffic.expectedActivityRows();
    const activityRowsStored = await settledActivityRows(postgres.url, traffic.prefix, activityRowsExpected);
    const unexpectedExits = processes.unexpectedExits();
    const scenarioFigures: ScenarioFigures = {
      scenario: fault.title,
      outageSeconds: seconds(backAt - faultAt),
      ...loadFigures(traffic.exchanges),
      readyRecovery: readyRecovery(traffic.exchanges, backAt),
      routesRecovery: routesRecovery(traffic.exchanges, faultAt, backAt),
      activityRowsExpected,
      activityRowsStored,
      activityRowsLost: activityRowsExpected - activityRowsStored,
      warnLogLines: processes.logLineCount('warn'),
      errorLogLines: processes.logLineCount('error') + processes.logLineCount('fatal'),
      extra: {
        'unexpected process exits': unexpectedExits.length,
        'stop took (s)': seconds(downAt - faultAt),
        'start took (s)': seconds(backAt - restartAt),
        'writes held in flight at the stop': held ? 2 : 0,
      },
    };
    figures.push(scenarioFigures);
    return {
      traffic,
      faultAt,
      downAt,
      restartAt,
      backAt,
      unexpectedExits,
      stepSaveProblems,
      activityRowsExpected,
      activityRowsStored,
      figures: scenarioFigures,
    };
  } finally {
    // A scenario that failed half-way must not leave the shared dependency down (or locked) for the next one.
    if (restartPending) await fault.start(processes).catch(() => undefined);
    await held?.release();
    await load?.stop();
    load?.close();
    traffic.close();
    await processes.stopAll();
  }
}

/** The /ready polls asked while the fault had been in effect long enough to be noticed. */
const pollsDuringFault = (run: FaultRun): Exchange[] =>
  run.traffic.exchanges.filter((e) => e.kind === 'ready' && e.sentAt >= run.downAt + READY_NOTICE_MS && e.answeredAt < run.restartAt);

function firstReadyAfterRecovery(run: FaultRun): { seconds: Seconds; body: unknown } {
  const first = run.traffic.exchanges.find((e) => e.kind === 'ready' && e.sentAt >= run.backAt && e.status === 200);
  return { seconds: readyRecovery(run.traffic.exchanges, run.backAt), body: first?.json };
}

describe.each([
  {
    dependency: 'PostgreSQL',
    fault: {
      name: 'postgres',
      title: 'PostgreSQL stopped 10 s',
      outageMs: 10_000,
      writesInFlight: true,
      stop: () => postgres.stop(),
      start: () => postgres.start(),
    },
    field: 'database',
    // activity-service keeps taking events into its spool, so it stays ready.
    readyDuringFault: {
      status: 'error',
      database: 'error',
      cache: 'ok',
      services: { auth: 'error', wizard: 'error', pdf: 'ok', activity: 'ok' },
    },
  },
  {
    dependency: 'Redis',
    fault: {
      name: 'redis',
      title: 'Redis stopped 10 s',
      outageMs: 10_000,
      stop: () => redis.stop(),
      start: () => redis.start(),
    },
    field: 'cache',
    readyDuringFault: {
      status: 'error',
      database: 'ok',
      cache: 'error',
      services: { auth: 'error', wizard: 'ok', pdf: 'ok', activity: 'ok' },
    },
  },
])('$dependency stopped for 10 s under load, then started', ({ dependency, fault, field, readyDuringFault }) => {
  let run: FaultRun;
  beforeAll(async () => {
    run = await runFault(fault);
  }, SCENARIO_TIMEOUT_MS);

  it('no process exits', () => {
    expect(describeExits(run.unexpectedExits)).toEqual([]);
  });

  it('every answer is a success or a 503 envelope with the route’s code: no 500, no bare error, no cut connection', () => {
    expect(answersOtherThanSuccessOr503(run.traffic.exchanges)).toEqual([]);
  });

  it('every 503 carries Retry-After', () => {
    expect(unavailableWithoutRetryAfter(run.traffic.exchanges)).toEqual([]);
  });

  it(`/ready is 503 naming the ${field} (and the services that need it) while ${dependency} is down`, () => {
    const polls = pollsDuringFault(run);
    expect(polls.length).toBeGreaterThan(0);
    expect(distinctReadyAnswers(polls)).toEqual([{ status: 503, body: readyDuringFault }]);
  });

  it(`/ready is 200 within ${RECOVERY_LIMIT_S} s after ${dependency} is back`, () => {
    const first = firstReadyAfterRecovery(run);
    expect(first.seconds).toEqual(expect.any(Number));
    expect(first.seconds).toBeLessThanOrEqual(RECOVERY_LIMIT_S);
    expect(first.body).toEqual(READY_OK);
  });

  it('every step save answered 2xx is readable afterwards', () => {
    expect(run.stepSaveProblems).toEqual([]);
  });

  it('every answered request (and accepted event) is an activity row: none lost', () => {
    expect({ stored: run.activityRowsStored }).toEqual({ stored: run.activityRowsExpected });
  });

  it('the logs tell of the outage once per state change, not once per refused request, and show no error', () => {
    const refused = run.traffic.exchanges.filter((e) => e.status === 503).length;
    expect(refused).toBeGreaterThan(100);
    // Five processes, each at most a warning that a dependency went away and one that it spools (no summary:
    // the outage is shorter than LOG_SUMMARY_INTERVAL); before, each refused request wrote a line and a stack.
    expect(run.figures.warnLogLines).toBeLessThanOrEqual(10);
    expect(run.figures.errorLogLines).toBe(0);
  });
});

describe('wizard-service killed (SIGKILL) under load, restarted on the same port after 5 s', () => {
  let run: FaultRun;
  beforeAll(async () => {
    run = await runFault({
      name: 'wizard',
      title: 'wizard-service killed',
      outageMs: 5_000,
      stop: (processes) => processes.kill('wizard'),
      start: (processes) => processes.launch('wizard'),
    });
  }, SCENARIO_TIMEOUT_MS);

  it('no process exits but the one killed', () => {
    expect(describeExits(run.unexpectedExits)).toEqual([]);
  });

  it('session reads and step saves answer 503 SERVICE_UNAVAILABLE with the envelope and Retry-After meanwhile', () => {
    const meanwhile = run.traffic.exchanges.filter(
      (e) => (e.kind === 'session_read' || e.kind === 'step_save') && e.sentAt >= run.downAt && e.answeredAt < run.restartAt,
    );
    expect(meanwhile.length).toBeGreaterThan(0);
    expect([...new Set(meanwhile.map((e) => `${answerOf(e)}${e.retryAfter ? ' with Retry-After' : ''}`))]).toEqual([
      '503 SERVICE_UNAVAILABLE with Retry-After',
    ]);
  });

  it('every answer is a success or a 503 envelope with the route’s code, and every 503 carries Retry-After', () => {
    expect([...answersOtherThanSuccessOr503(run.traffic.exchanges), ...unavailableWithoutRetryAfter(run.traffic.exchanges)]).toEqual([]);
  });

  it('/ready is 503 naming wizard-service while it is down', () => {
    const polls = pollsDuringFault(run);
    expect(polls.length).toBeGreaterThan(0);
    expect(distinctReadyAnswers(polls)).toEqual([
      {
        status: 503,
        body: { status: 'error', database: 'ok', cache: 'ok', services: { auth: 'ok', wizard: 'error', pdf: 'ok', activity: 'ok' } },
      },
    ]);
  });

  it(`recovers without touching the gateway: /ready 200 and session reads 2xx within ${RECOVERY_LIMIT_S} s of the restart`, () => {
    const firstRead = run.traffic.exchanges.find((e) => e.kind === 'session_read' && is2xx(e) && e.sentAt >= run.backAt);
    const first = firstReadyAfterRecovery(run);
    expect(first.seconds).toEqual(expect.any(Number));
    expect(first.seconds).toBeLessThanOrEqual(RECOVERY_LIMIT_S);
    expect(first.body).toEqual(READY_OK);
    expect(firstRead && (firstRead.answeredAt - run.backAt) / 1000).toBeLessThanOrEqual(RECOVERY_LIMIT_S);
  });
});

interface SigtermRun {
  traffic: Traffic;
  signalAt: number;
  /** When the gateway logged that it was shutting down: it had the signal by then. */
  gatewayNoticedAt: number;
  exit: { code: number | null; at: number };
  slowPosts: Exchange[];
  /** When each idle keep-alive connection was closed, after the signal (ms). */
  idleClosedAfterMs: number[];
  /** Requests the gateway had taken (their head came back, or it recorded them) that got no complete answer. */
  cutInFlight: string[];
  unexpectedExits: ProcessExit[];
}

const IDLE_CONNECTIONS = 8;
const SLOW_POSTS = 3;
/** The signal comes this long after a slow body's first half (so even a busy gateway has read its head); the rest after the pause. */
const SLOW_BODY_SIGNAL_AFTER_MS = 250;
const SLOW_BODY_PAUSE_MS = 400;
/** Idle keep-alive connections must be closed this soon after SIGTERM ("at once", allowing for a busy machine). */
const IDLE_CLOSE_LIMIT_MS = 1_000;
const EXIT_LIMIT_MS = 2_000;
/** Responses written before the gateway noticed the signal may arrive a moment after it. */
const RESPONSE_IN_TRANSIT_MS = 100;

/** A connection that made one request and then sits idle; resolves with when the server closed it. */
async function idleKeepAlive(traffic: Traffic): Promise<{ closedAt: Promise<number>; agent: http.Agent }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let closedAt: Promise<number> | undefined;
  const exchange = await traffic.send('probe', 'GET', '/api/v1/ping', {
    agent,
    onSocket: (socket) => {
      closedAt = new Promise((resolve) => socket.once('close', () => resolve(Date.now())));
    },
  });
  if (exchange.status !== 200 || exchange.connectionClose) throw new Error(`idle keep-alive set-up answered ${answerOf(exchange)}`);
  return { closedAt: closedAt!, agent };
}

async function runGatewaySigterm(): Promise<SigtermRun> {
  const processes = await startProcesses();
  const traffic = new Traffic(processes.gatewayPort, `${RUN}-sigterm.`);
  const agents: http.Agent[] = [];
  let load: MixedLoad | undefined;
  try {
    await traffic.untilReady(60_000);
    load = await MixedLoad.prepare(traffic, CLIENTS);
    const idle = await Promise.all(Array.from({ length: IDLE_CONNECTIONS }, () => idleKeepAlive(traffic)));
    agents.push(...idle.map((connection) => connection.agent));
    load.start();
    await sleep(STEADY_MS);

    // Bodies sent in two halves on keep-alive connections: the signal comes between the halves.
    const slow = Array.from({ length: SLOW_POSTS }, () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      let firstHalfSent!: () => void;
      const started = new Promise<void>((resolve) => (firstHalfSent = resolve));
      const answered = traffic.send('probe', 'POST', '/api/v1/activity/events', {
        agent,
        body: { type: 'fault.slow', page: '/faults' },
        bodyPauseMs: SLOW_BODY_PAUSE_MS,
        parse: true,
        onSocket: () => firstHalfSent(),
      });
      return { started, answered };
    });
    await Promise.all(slow.map((request) => request.started));
    await sleep(SLOW_BODY_SIGNAL_AFTER_MS);
    const signalAt = Date.now();
    const exit = await processes.terminate('gateway');
    const slowPosts = await Promise.all(slow.map((request) => request.answered));
    const idleClosedAt = await Promise.all(idle.map((connection) => connection.closedAt));
    await load.stop();

    const noticed = await processes.logLine('gateway', 'shutting down');
    const gatewayNoticedAt = noticed ? Date.parse(String(noticed.time)) : signalAt;
    const activityRowsExpected = traffic.expectedActivityRows();
    const activityRowsStored = await settledActivityRows(postgres.url, traffic.prefix, activityRowsExpected);

    // A request without a complete answer was cut in flight if its head arrived or the gateway had answered it
    // (its activity row says so); one sent on a connection the server had already closed never reached it.
    const unanswered = traffic.exchanges.filter((e) => e.status === undefined);
    const recorded = await requestIdsWithRows(
      postgres.url,
      unanswered.map((e) => e.requestId),
    );
    const cutInFlight = unanswered
      .filter((e) => e.headersReceived || recorded.has(e.requestId))
      .map((e) => `${e.kind} ${e.method} ${e.path}: ${e.networkError ?? ''} ${e.answeredAt - signalAt} ms after the signal`);
    const inFlight = traffic.exchanges.filter((e) => isLoadKind(e.kind) && e.sentAt < signalAt && e.answeredAt >= signalAt);
    const unexpectedExits = processes.unexpectedExits();
    const idleClosedAfterMs = idleClosedAt.map((at) => at - signalAt);

    figures.push({
      scenario: 'gateway SIGTERM',
      outageSeconds: null,
      ...loadFigures(traffic.exchanges),
      readyRecovery: null,
      routesRecovery: null,
      activityRowsExpected,
      activityRowsStored,
      activityRowsLost: activityRowsExpected - activityRowsStored,
      warnLogLines: processes.logLineCount('warn'),
      errorLogLines: processes.logLineCount('error') + processes.logLineCount('fatal'),
      extra: {
        'unexpected process exits': unexpectedExits.length,
        'gateway exit code': exit.code,
        'gateway exit after SIGTERM (s)': seconds(exit.at - signalAt),
        'idle keep-alive closed after SIGTERM, latest (s)': seconds(Math.max(...idleClosedAfterMs)),
        'load requests in flight at SIGTERM': inFlight.length,
        'requests cut in flight': cutInFlight.length,
      },
    });
    return { traffic, signalAt, gatewayNoticedAt, exit, slowPosts, idleClosedAfterMs, cutInFlight, unexpectedExits };
  } finally {
    await load?.stop();
    load?.close();
    for (const agent of agents) agent.destroy();
    traffic.close();
    await processes.stopAll();
  }
}

describe('SIGTERM to the gateway under load, with idle keep-alive clients and slow requests in flight', () => {
  let run: SigtermRun;
  beforeAll(async () => {
    run = await runGatewaySigterm();
  }, SCENARIO_TIMEOUT_MS);

  it('requests whose body was still arriving at the signal get their complete response with Connection: close', () => {
    expect(run.slowPosts.map((e) => ({ status: e.status ?? e.networkError, body: e.json, connectionClose: e.connectionClose }))).toEqual(
      run.slowPosts.map(() => ({ status: 202, body: { status: 'accepted' }, connectionClose: true })),
    );
  });

  it('no request the gateway took is cut: each got its complete response', () => {
    expect(run.cutInFlight).toEqual([]);
  });

  it('every response after the signal says Connection: close (the server takes no further request on it)', () => {
    const after = run.traffic.exchanges.filter(
      (e) => e.status !== undefined && e.answeredAt > run.gatewayNoticedAt + RESPONSE_IN_TRANSIT_MS && !e.connectionClose,
    );
    expect(tally(after.map((e) => `${e.kind}: ${answerOf(e)} without Connection: close`))).toEqual([]);
  });

  it(`idle keep-alive connections are closed by the server within ${IDLE_CLOSE_LIMIT_MS} ms`, () => {
    expect(run.idleClosedAfterMs.filter((ms) => ms > IDLE_CLOSE_LIMIT_MS)).toEqual([]);
  });

  it(`the gateway exits with code 0 within ${EXIT_LIMIT_MS / 1000} s of SIGTERM`, () => {
    expect(run.exit.code).toBe(0);
    expect(run.exit.at - run.signalAt).toBeLessThanOrEqual(EXIT_LIMIT_MS);
  });

  it('no other process exits', () => {
    expect(describeExits(run.unexpectedExits)).toEqual([]);
  });
});
