import { type ClientBase, DatabaseError } from 'pg';

/** The part of pg's connection a submittable query is handed. */
interface PgConnection {
  stream: NodeJS.WritableStream & { cork(): void; uncork(): void };
}

/**
 * The SQLSTATE of an error PostgreSQL reported; undefined for anything else
 * (a lost connection, a timeout). Node's socket errors carry string codes too
 * (ECONNRESET, EPIPE), so only the server's own error messages count.
 */
export function sqlStateOf(error: unknown): string | undefined {
  return error instanceof DatabaseError ? error.code : undefined;
}

const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]); // 'c', length 4

/** A frontend message: one type byte, then a big-endian length that counts itself and the body. */
function messageHeader(type: number, bodyLength: number): Buffer {
  const header = Buffer.allocUnsafe(5);
  header.writeUInt8(type, 0);
  header.writeUInt32BE(bodyLength + 4, 1);
  return header;
}

/**
 * `COPY … FROM STDIN` of one buffer, as a query object node-postgres runs
 * like any other (it calls submit() and the handle*() methods below).
 *
 * Unlike a COPY stream, it does not wait for PostgreSQL's CopyInResponse
 * before sending the data: the statement, the data and CopyDone leave in one
 * write, so a batch costs one round trip and one system call instead of
 * three of each (on this machine each wake-up is expensive; docs/benchmarks.md).
 * The protocol allows it: a backend that refuses the statement before copy
 * mode ignores the CopyData and CopyDone that follow, and one that fails
 * during the copy ignores the rest of them, so the connection stays in step
 * either way.
 */
class CopyInQuery {
  /** Read by node-postgres (and its tracing) like any query's text. */
  readonly text: string;
  readonly result: Promise<number>;
  private rowCount = 0;
  private resolve!: (rows: number) => void;
  private reject!: (error: Error) => void;

  constructor(
    statement: string,
    private readonly data: Buffer,
  ) {
    this.text = statement;
    this.result = new Promise<number>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /**
   * node-postgres wraps this when a query_timeout is configured, and only a
   * call to it clears that timer; the outcome itself is reported through `result`.
   */
  callback(): void {}

  submit(connection: PgConnection): void {
    const statement = Buffer.from(`${this.text}\0`, 'utf8');
    const { stream } = connection;
    stream.cork();
    stream.write(messageHeader(0x51, statement.length)); // 'Q'
    stream.write(statement);
    stream.write(messageHeader(0x64, this.data.length)); // 'd'
    stream.write(this.data);
    stream.write(COPY_DONE);
    stream.uncork();
  }

  /** The data went with the statement. */
  handleCopyInResponse(): void {}

  handleCommandComplete(message: { text?: string }): void {
    const counted = /^COPY (\d+)/.exec(message.text ?? '');
    if (counted) this.rowCount = Number(counted[1]);
  }

  handleReadyForQuery(): void {
    this.callback();
    this.resolve(this.rowCount);
  }

  handleError(error: Error): void {
    this.callback();
    this.reject(error);
  }
}

/** Runs `COPY … FROM STDIN` with `data` (COPY format, as the statement says) on `client`; resolves with the rows stored. */
export function copyIn(client: ClientBase, statement: string, data: Buffer): Promise<number> {
  const query = new CopyInQuery(statement, data);
  // node-postgres' typings only know its own query shapes; it runs any object with submit() (a "submittable").
  void client.query(query as never);
  return query.result;
}
