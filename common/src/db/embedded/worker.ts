/**
 * The worker thread that owns the embedded PGlite database: PostgreSQL's
 * work (WebAssembly, synchronous while it runs) happens here, on a core of
 * its own, and the caller's event loop only posts requests and reads
 * answers. Requests run one at a time in the order they arrive, which is
 * what makes the front's transactions exclusive (embedded-database.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, type Results } from '@electric-sql/pglite';
import pg from 'pg';
import type { ErrorMessage, Request, Response, ResultMessage, Started, WorkerSetup } from './protocol';
import { extractTar } from './tar';

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's
 * WebAssembly memory, which never shrinks. The embedded database is small and
 * its files stay in the operating system's page cache anyway; 16 MB halves
 * the process's resident memory (docs/benchmarks.md, issue 19).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const BYTEA = 17;

/** node-postgres' own text parsers for every type it parses, so rows look exactly as they do from PostgreSQL. */
function nodePostgresParsers(): Record<number, (value: string) => unknown> {
  // pg-types' typings only name the type ids it knows; any number is a valid question.
  const parserOf = pg.types.getTypeParser as (oid: number, format: 'text') => (value: string) => unknown;
  // Type id 0 names no type: its parser is the one node-postgres uses for types it leaves as text.
  const unparsed = parserOf(0, 'text');
  const parsers: Record<number, (value: string) => unknown> = {};
  for (let oid = 1; oid < 5000; oid += 1) {
    const parse = parserOf(oid, 'text');
    if (parse !== unparsed) parsers[oid] = parse;
  }
  // Types PGlite would parse and node-postgres leaves as text (bigint, above all) stay text.
  for (const oid of [20, 1016]) parsers[oid] ??= (value: string) => value;
  return parsers;
}

// Fields PGlite adds to an error for its own debugging; the parameters may hold secrets and must not reach a log.
const PRIVATE_FIELDS = new Set(['query', 'params', 'queryOptions']);

function errorMessageOf(error: unknown): ErrorMessage {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {}, fromDatabase: false };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (!PRIVATE_FIELDS.has(key) && value !== undefined && typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields, fromDatabase: typeof fields.code === 'string' && 'severity' in fields };
}

function resultOf(results: Results): ResultMessage {
  const byteaColumns = results.fields.filter((field) => field.dataTypeID === BYTEA).map((field) => field.name);
  return {
    rows: results.rows as Array<Record<string, unknown>>,
    rowCount: results.rowCount ?? results.affectedRows ?? results.rows.length,
    command: results.command ?? '',
    byteaColumns,
  };
}

const PARSERS = nodePostgresParsers();

function open(setup: WorkerSetup): Promise<PGlite> {
  return PGlite.create(setup.directory, { startParams: START_PARAMS, parsers: PARSERS });
}

/**
 * One statement with parameters, the way node-postgres runs it: Parse (once
 * per named statement), Bind, Describe, Execute and Sync in one message, so
 * PostgreSQL sees one round trip. PGlite's own query() takes six, plus a
 * Describe of the statement to learn parameter types, and costs two to three
 * times as much for the same SELECT (docs/benchmarks.md). The parameters come
 * as node-postgres prepares them: text, or bytes for bytea.
 */
class ExtendedQueries {
  private readonly prepared = new Map<string, string>();

  constructor(
    private readonly db: PGlite,
    private readonly parsers: Record<number, (value: string) => unknown>,
  ) {}

  async run(text: string, values: unknown[], name: string | undefined): Promise<Results> {
    const known = name === undefined ? undefined : this.prepared.get(name);
    if (name !== undefined && known !== undefined && known !== text) {
      // node-postgres refuses this too: one name, one statement.
      throw new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    }
    const statement = name ?? '';
    const parts = known === undefined ? [protocol.serialize.parse({ name: statement, text })] : [];
    parts.push(
      protocol.serialize.bind({ statement, values: values as Array<string | Uint8Array | null> }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    try {
      const { messages } = await this.db.execProtocol(Buffer.concat(parts));
      if (name !== undefined) this.prepared.set(name, text);
      return parse.parseResults(messages, this.parsers)[0]!;
    } catch (error) {
      // A named statement whose Parse went through before a later step failed exists now: drop it, so the next try parses again.
      if (name !== undefined && known === undefined) {
        await this.db
          .execProtocol(Buffer.concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]))
          .catch(() => undefined);
      }
      throw error;
    }
  }
}

async function answer(db: PGlite, queries: ExtendedQueries, request: Request): Promise<ResultMessage> {
  switch (request.op) {
    case 'query': {
      if (request.values && request.values.length > 0) return resultOf(await queries.run(request.text, request.values, request.name));
      // Without parameters node-postgres uses the simple protocol, which takes several statements (migrations do).
      const all = await db.exec(request.text);
      return resultOf(all[all.length - 1] ?? { rows: [], fields: [], affectedRows: 0 });
    }
    case 'copy': {
      // PGlite reads COPY data from a file it calls /dev/blob instead of from the client.
      const statement = request.text.replace(/\bFROM\s+STDIN\b/i, "FROM '/dev/blob'");
      return resultOf(await db.query(statement, [], { blob: new Blob([request.data]) }));
    }
    case 'reset':
      await db.exec('ROLLBACK').catch(() => undefined);
      return { rows: [], rowCount: 0, command: 'ROLLBACK', byteaColumns: [] };
    case 'close':
      await db.close();
      return { rows: [], rowCount: 0, command: 'CLOSE', byteaColumns: [] };
  }
}

async function main(port: NonNullable<typeof parentPort>, setup: WorkerSetup): Promise<void> {
  let db: PGlite;
  try {
    if (setup.mode === 'unpack') {
      await extractTar(setup.template ?? '', setup.directory);
      port.postMessage({ started: true } satisfies Started);
      return;
    }
    db = await open(setup);
    if (setup.mode === 'create') await db.close();
  } catch (error) {
    port.postMessage({ started: false, error: errorMessageOf(error) } satisfies Started);
    return;
  }
  port.postMessage({ started: true } satisfies Started);
  if (setup.mode === 'create') return;

  const queries = new ExtendedQueries(db, PARSERS);
  // One request at a time, in arrival order; a failed one answers its error and the next runs as usual.
  let queue = Promise.resolve();
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      let response: Response;
      try {
        response = { id: request.id, result: await answer(db, queries, request) };
      } catch (error) {
        response = { id: request.id, error: errorMessageOf(error) };
      }
      port.postMessage(response);
      if (request.op === 'close') port.close();
    });
  });
}

if (parentPort) void main(parentPort, workerData as WorkerSetup);
