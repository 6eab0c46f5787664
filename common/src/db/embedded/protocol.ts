/**
 * Messages between the embedded database's front (embedded-database.ts, on
 * the caller's thread) and the worker thread that runs PGlite (worker.ts).
 * Everything here crosses by structured clone.
 */

/** What the worker does when it starts. */
export interface WorkerSetup {
  /**
   * 'serve' opens `directory` and answers requests; 'create' runs initdb into
   * `directory` and exits; 'unpack' unpacks `template` into `directory` and exits.
   */
  mode: 'serve' | 'create' | 'unpack';
  directory: string;
  template?: string;
}

export type Request =
  /** One statement with parameters (already prepared as node-postgres would send them), or, without, one or more statements. */
  | { id: number; op: 'query'; text: string; values?: unknown[]; name?: string }
  /** `COPY … FROM STDIN` with this data. */
  | { id: number; op: 'copy'; text: string; data: Uint8Array }
  /** Ends whatever transaction a broken connection left open. */
  | { id: number; op: 'reset' }
  | { id: number; op: 'close' };

export interface ResultMessage {
  rows: Array<Record<string, unknown>>;
  rowCount: number | null;
  command: string;
  /** Columns of type bytea, whose values arrive as Uint8Array and are handed out as Buffer, as node-postgres does. */
  byteaColumns: string[];
}

/** An error's message and own fields (PostgreSQL's code, detail, constraint, ...), never the query's parameters. */
export interface ErrorMessage {
  name: string;
  message: string;
  fields: Record<string, unknown>;
  /** Reported by PostgreSQL (rebuilt as pg.DatabaseError), not thrown by PGlite's own code. */
  fromDatabase: boolean;
}

export type Response = { id: number; result: ResultMessage } | { id: number; error: ErrorMessage };

/** The worker's first message: open and serving (or created), or why not. */
export type Started = { started: true } | { started: false; error: ErrorMessage };
