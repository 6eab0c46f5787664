import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import pg from 'pg';
import type { Logger } from '../../logging/logger';
import { withTimeout } from '../../runtime/timeout';
import { observePool, QueryDurations } from '../metrics';
import type { Connection, Database, Queryable, QueryConfig, QueryResult, Row } from '../queryable';
import { createDatabaseDirectory, isDatabaseDirectory } from './directory';
import type { ErrorMessage, Request, Response, ResultMessage, Started, WorkerSetup } from './protocol';
import { existingTemplate } from './template';

// node-postgres turns parameters into what it sends (Dates, arrays, objects as JSON, Buffers for bytea);
// doing the same here keeps values identical on both databases. Not in its typings.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): unknown };

const WORKER_SCRIPT = path.join(__dirname, 'worker.js');

// The pg instrumentation cannot see these queries (they never pass through node-postgres): spans of the same shape.
const tracer = trace.getTracer('@evalplan/embedded-database');

/** Distributes a Omit over a union, so each request keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  resolve(result: ResultMessage): void;
  reject(error: Error): void;
}

/**
 * The database went away under a call, or is not back yet: shaped as
 * PostgreSQL reports a crashed or starting server (SQLSTATE 57P02, 57P03), so
 * callers treat it as any lost database (a 503, a spooled event), not as a bug.
 */
function unavailable(code: '57P02' | '57P03', message: string): Error {
  return databaseError(message, { severity: 'FATAL', code });
}

/** A pg.DatabaseError carrying PostgreSQL's fields, as node-postgres builds it from an ErrorResponse. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), fields);
}

/** How long to wait before each new attempt to start a worker that will not start: doubling up to a ceiling. */
const RESTART_FIRST_DELAY_MS = 200;
const RESTART_MAX_DELAY_MS = 5_000;

/** An error as node-postgres would have thrown it: a pg.DatabaseError with PostgreSQL's fields when the database reported it. */
function rebuildError(message: ErrorMessage): Error {
  if (message.fromDatabase) return databaseError(message.message, message.fields);
  return Object.assign(new Error(message.message), { name: message.name }, message.fields);
}

function queryResultOf<R extends Row>(result: ResultMessage): QueryResult<R> {
  for (const column of result.byteaColumns) {
    for (const row of result.rows) {
      const value = row[column];
      if (value instanceof Uint8Array) row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return { rows: result.rows as R[], rowCount: result.rowCount, command: result.command };
}

/**
 * The embedded PGlite database, run in a worker thread (worker.ts) so that
 * PostgreSQL's work leaves the event loop that serves requests. It gives the
 * repositories the same Queryable as PostgreSQL, with the same values and
 * errors, and any failing statement only fails its own call.
 *
 * PGlite is a single connection: the worker runs requests one at a time, in
 * the order they are posted. Plain queries are posted at once (several may
 * wait in the worker's queue); a connection taken for a transaction or a COPY
 * holds the database, so queries and connections asked for meanwhile wait,
 * first come first served, until it is released.
 *
 * Should the worker stop unexpectedly, calls in flight fail as a crashed
 * server's would, calls meanwhile fail at once as a starting server's would,
 * and a new worker opens the same directory (PostgreSQL's crash recovery
 * replays what was committed), retried with backoff until it succeeds.
 */
export class EmbeddedDatabase implements Database {
  readonly kind = 'pglite';
  readonly pool: Queryable;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** A connection holds the database. */
  private held = false;
  /** Who waits for the database while it is held (plain queries and connections), in order. */
  private readonly waiting: Array<() => void> = [];
  private closed = false;
  /** The serving worker; undefined while a stopped one is being replaced. */
  private worker: Worker | undefined;
  /** The replacement under way after a worker stopped unexpectedly. */
  private restarting: Promise<void> | undefined;
  /** Cuts a restart's wait short when the database is closed. */
  private readonly closing = new AbortController();

  /** Query durations, and the database as a pool of one connection (used while held) in metrics. */
  private readonly durations: QueryDurations;
  private readonly unobserve: () => void;

  private constructor(
    worker: Worker,
    private readonly directory: string,
    private readonly logger: Logger,
    poolName: string,
  ) {
    this.attach(worker);
    this.durations = new QueryDurations(poolName);
    this.unobserve = observePool({
      name: poolName,
      used: () => (this.held ? 1 : 0),
      idle: () => (this.held || this.closed ? 0 : 1),
      pending: () => this.waiting.length,
    });
    this.pool = {
      query: (query, values) => this.plainQuery(query, values),
      connect: () => this.connect(),
    };
  }

  /** Opens (creating it on first use) the database in `directory`. */
  static async open(directory: string, logger: Logger, poolName = 'evalplan'): Promise<EmbeddedDatabase> {
    if (!(await isDatabaseDirectory(directory))) {
      await createDatabaseDirectory(directory, { template: await existingTemplate(), unpack: unpackInWorker, initdb: initdbInWorker });
      logger.info({ directory }, 'created embedded PGlite database');
    }
    const worker = await runWorker({ mode: 'serve', directory });
    logger.info({ directory }, 'using embedded PGlite database');
    return new EmbeddedDatabase(worker, directory, logger, poolName);
  }

  async ping(timeoutMs: number): Promise<void> {
    await withTimeout(this.pool.query('SELECT 1'), timeoutMs, 'database ping');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // After everything already asked for: waiting transactions finish first.
    await this.hold();
    this.closed = true;
    this.unobserve();
    this.closing.abort();
    await this.restarting;
    const worker = this.worker;
    if (!worker) return;
    const exited = once(worker, 'exit');
    await this.send({ op: 'close' }).catch(() => undefined);
    await exited;
  }

  private async plainQuery<R extends Row>(query: string | QueryConfig, values?: readonly unknown[]): Promise<QueryResult<R>> {
    this.ensureOpen();
    if (!this.held && this.waiting.length === 0) return this.run<R>(query, values);
    // Behind a transaction: its turn comes, it is posted, and the next in line goes on at once (the worker keeps the order).
    await this.hold();
    const result = this.run<R>(query, values);
    this.handOn();
    return result;
  }

  private async connect(): Promise<Connection> {
    this.ensureOpen();
    await this.hold();
    let released = false;
    const ensureHeld = (): void => {
      if (released) throw new Error('This database connection was released');
    };
    return {
      query: async <R extends Row>(query: string | QueryConfig, values?: readonly unknown[]) => {
        ensureHeld();
        return this.run<R>(query, values);
      },
      copyFrom: async (statement, data) => {
        ensureHeld();
        const result = await this.traced(statement, () => this.send({ op: 'copy', text: statement, data }));
        return result.rowCount ?? 0;
      },
      release: (broken) => {
        if (released) return;
        released = true;
        // A connection given back broken may still be inside a transaction: end it before anyone else runs.
        if (broken) void this.send({ op: 'reset' }).catch(() => undefined);
        this.handOn();
      },
    };
  }

  /**
   * Takes the database for the caller: at once when nobody holds it or waits
   * for it, else when its turn comes (handOn). Decided before the first
   * await, so two callers can never both find it free.
   */
  private hold(): Promise<void> {
    if (!this.held && this.waiting.length === 0) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Gives the database to the next in line, or frees it. */
  private handOn(): void {
    const next = this.waiting.shift();
    if (next) {
      this.held = true;
      next();
    } else {
      this.held = false;
    }
  }

  private async run<R extends Row>(query: string | QueryConfig, values?: readonly unknown[]): Promise<QueryResult<R>> {
    const text = typeof query === 'string' ? query : query.text;
    const given = values ?? (typeof query === 'string' ? undefined : query.values);
    const name = typeof query === 'string' ? undefined : query.name;
    const prepared = given?.map((value) => prepareValue(value));
    return queryResultOf<R>(await this.traced(text, () => this.send({ op: 'query', text, values: prepared, name })));
  }

  /** Timed (db.client.operation.duration), with a client span for the statement when the caller's trace is recorded. */
  private traced(text: string, work: () => Promise<ResultMessage>): Promise<ResultMessage> {
    return this.durations.timed(text, () => this.spanned(text, work));
  }

  /** A client span for the statement when the caller's trace is recorded; nothing at all otherwise. */
  private async spanned(text: string, work: () => Promise<ResultMessage>): Promise<ResultMessage> {
    if (!trace.getActiveSpan()?.isRecording()) return work();
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const attributes = { 'db.system': 'postgresql', 'db.name': 'postgres', 'db.statement': text };
    return tracer.startActiveSpan(`pg.query:${operation}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('The embedded database is closed');
  }

  private send(request: WithoutId<Request>): Promise<ResultMessage> {
    if (this.closed && request.op !== 'close') return Promise.reject(new Error('The embedded database is closed'));
    const worker = this.worker;
    if (!worker) return Promise.reject(unavailable('57P03', 'The embedded database is restarting'));
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<ResultMessage>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private attach(worker: Worker): void {
    this.worker = worker;
    worker.on('message', (response: Response) => this.settle(response));
    worker.on('error', (error) => this.logger.error({ err: error }, 'embedded database worker failed'));
    worker.once('exit', (code) => this.onExit(code));
  }

  private settle(response: Response): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    if ('error' in response) pending.reject(rebuildError(response.error));
    else pending.resolve(response.result);
  }

  private onExit(code: number): void {
    this.worker = undefined;
    const error = this.closed
      ? new Error('The embedded database is closed')
      : unavailable('57P02', 'The embedded database stopped unexpectedly');
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    if (this.closed) return;
    this.logger.error({ exit_code: code }, 'embedded database worker stopped unexpectedly; starting a new one');
    this.restarting = this.restart().finally(() => {
      this.restarting = undefined;
    });
  }

  /** Starts a new worker on the same directory, retrying with backoff until one serves or the database is closed. */
  private async restart(): Promise<void> {
    let delayMs = RESTART_FIRST_DELAY_MS;
    for (let attempt = 1; !this.closed; attempt += 1) {
      try {
        const worker = await runWorker({ mode: 'serve', directory: this.directory });
        if (this.closed) {
          await worker.terminate();
          return;
        }
        this.attach(worker);
        this.logger.info({ attempt }, 'embedded database worker restarted');
        return;
      } catch (error) {
        this.logger.error({ err: error, attempt, retry_in_ms: delayMs }, 'embedded database worker did not start; trying again');
        await sleep(delayMs, undefined, { signal: this.closing.signal }).catch(() => undefined);
        delayMs = Math.min(delayMs * 2, RESTART_MAX_DELAY_MS);
      }
    }
  }
}

/** Starts a worker and waits for its first word: open (or created), or the error that stopped it. */
async function runWorker(setup: WorkerSetup): Promise<Worker> {
  const worker = new Worker(WORKER_SCRIPT, { workerData: setup });
  const [started] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'exit').then(([code]) => [{ started: false, error: { message: `exited with code ${String(code)}` } }]),
  ])) as [Started];
  if (!started.started) {
    await worker.terminate();
    throw new Error(`Cannot open the embedded database in ${setup.directory}: ${started.error.message}`);
  }
  return worker;
}

/** Unpacks the template into `directory` in a worker that then exits. */
export async function unpackInWorker(template: string, directory: string): Promise<void> {
  await once(await runWorker({ mode: 'unpack', directory, template }), 'exit');
}

/** Runs PGlite's initdb into `directory` in a worker that then exits, taking initdb's memory with it. */
export async function initdbInWorker(directory: string): Promise<void> {
  await once(await runWorker({ mode: 'create', directory }), 'exit');
}

export interface EmbeddedOptions {
  directory: string;
  logger: Logger;
  /** Its name in metrics (db.client.connection.pool.name); `evalplan` by default. */
  poolName?: string;
}

export function openEmbedded(options: EmbeddedOptions): Promise<Database> {
  return EmbeddedDatabase.open(options.directory, options.logger, options.poolName);
}
