/**
 * What repositories see of a database: the same few calls whether it is
 * PostgreSQL through node-postgres or the embedded PGlite (embedded/), so no
 * repository knows which one it has. Shaped after node-postgres, whose rows,
 * values and errors (pg.DatabaseError with a SQLSTATE `code`) both give.
 */

export interface QueryConfig {
  text: string;
  values?: readonly unknown[];
  /** A prepared statement's name: parsed once per connection, on both databases. */
  name?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the default row type, as node-postgres has it
export type Row = Record<string, any>;

export interface QueryResult<R extends Row = Row> {
  rows: R[];
  /** Rows returned, or changed by INSERT/UPDATE/DELETE/COPY. */
  rowCount: number | null;
  command: string;
}

/** Anything that runs SQL: the pool, or one connection inside a transaction. */
export interface SqlExecutor {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers name their row type; untyped reads stay as loose as node-postgres'
  query<R extends Row = any>(query: string | QueryConfig, values?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** One connection, held for a transaction or a COPY until released. */
export interface Connection extends SqlExecutor {
  /** `COPY … FROM STDIN` of `data` (in the format the statement names); resolves with the rows stored. */
  copyFrom(statement: string, data: Buffer): Promise<number>;
  /** Hands the connection back; `broken` closes it instead (its state is unknown after a failure). */
  release(broken?: boolean): void;
}

/** The pool every repository is given. */
export interface Queryable extends SqlExecutor {
  connect(): Promise<Connection>;
}

/** An open database: PostgreSQL (postgres.ts) or the embedded PGlite (embedded/), opened by database.ts. */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly pool: Queryable;
  /** Resolves when a trivial query answers within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}
