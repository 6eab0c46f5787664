import { readdirSync, statSync } from 'node:fs';
import { type FileHandle, mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';

export const NEWLINE = 0x0a;
const NEWLINE_BYTES = Buffer.from('\n');
const SEGMENT_NAME = /^activity-(\d{12})\.rows$/;

const segmentName = (sequence: number): string => `activity-${String(sequence).padStart(12, '0')}.rows`;

/** One file of the spool: rows in COPY text, appended batch by batch. */
export interface Segment {
  readonly file: string;
  readonly sequence: number;
  size: number;
}

export interface SegmentSpoolOptions {
  directory: string;
  /** Most bytes the segments may hold together (appends on their way included); a batch that would pass it is dropped. */
  maxBytes: number;
  /** A segment is sealed, and the next append starts a new one, once it holds this much. */
  segmentBytes: number;
}

export interface AppendOutcome {
  /** The batch's rows. */
  events: number;
  /** True when the batch did not fit within maxBytes and was not written. */
  dropped: boolean;
}

interface PendingAppend {
  data: Buffer[];
  bytes: number;
  settle(error?: unknown): void;
}

/** Rows in COPY text: its newlines, and a last line without one. */
export function countRows(rows: Buffer): number {
  let count = 0;
  for (let at = rows.indexOf(NEWLINE); at !== -1; at = rows.indexOf(NEWLINE, at + 1)) count += 1;
  return rows.length > 0 && rows[rows.length - 1] !== NEWLINE ? count + 1 : count;
}

/** Writes every byte: the system may take fewer than asked (a disk filling up), and then the next write fails with why. */
async function writeAll(handle: FileHandle, buffers: Buffer[]): Promise<void> {
  let rest = buffers;
  while (rest.length > 0) {
    let { bytesWritten } = await handle.writev(rest);
    if (bytesWritten === 0) throw new Error('the disk took none of the spooled bytes');
    while (rest.length > 0 && bytesWritten >= rest[0]!.length) {
      bytesWritten -= rest[0]!.length;
      rest = rest.slice(1);
    }
    if (bytesWritten > 0) rest = [rest[0]!.subarray(bytesWritten), ...rest.slice(1)];
  }
}

/**
 * Activity rows waiting on disk: append-only segment files in one
 * directory, each a run of COPY text lines exactly as RecordBatch received
 * them, so a replay hands them to COPY again.
 *
 * - Appends are written one batch per write at most: batches that arrive
 *   while a write is on its way go together in the next one, and every file
 *   operation runs in turn, so each batch lands whole and in call order.
 * - A process killed in the middle of a write can leave a partial last line.
 *   Nothing is ever appended to a segment of an earlier run (a new run starts
 *   a new segment), and a failed write seals its segment, so a partial line
 *   can only be the last of its segment; reading drops it and counts it.
 * - Segments are sealed at segmentBytes and read oldest first; a segment
 *   whose rows are stored is deleted whole.
 * - No fsync per batch: written bytes sit in the kernel's page cache, which
 *   outlives this process (the crash the spool must survive while PostgreSQL
 *   is away). A segment is fsynced when sealed and at close, so a crash of
 *   the whole host can cost at most the open segment.
 */
export class SegmentSpool {
  private readonly sealed: Segment[];
  private current: { segment: Segment; handle: FileHandle } | undefined;
  private nextSequence: number;
  /** Bytes in segments plus bytes of appends on their way: what the bound is checked against. */
  private bytes: number;
  private pending: PendingAppend[] = [];
  private flushQueued = false;
  /** Appends accepted and not yet written (or failed). */
  private appending = 0;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private tornLineCount = 0;

  private constructor(
    private readonly options: SegmentSpoolOptions,
    leftover: Segment[],
  ) {
    this.sealed = leftover;
    this.bytes = leftover.reduce((sum, segment) => sum + segment.size, 0);
    this.nextSequence = (leftover.at(-1)?.sequence ?? 0) + 1;
  }

  /**
   * The spool in `directory`, with the segments an earlier run left there,
   * oldest first. Reads the directory synchronously: once, at start, before
   * the first call is served. A missing directory is an empty spool (it is
   * created with the first segment).
   */
  static open(options: SegmentSpoolOptions): SegmentSpool {
    let names: string[];
    try {
      names = readdirSync(options.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new SegmentSpool(options, []);
      throw error;
    }
    const leftover = names
      .map((name) => ({ name, match: SEGMENT_NAME.exec(name) }))
      .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
      .map(({ name, match }) => {
        const file = path.join(options.directory, name);
        return { file, sequence: Number(match[1]), size: statSync(file).size };
      })
      .sort((a, b) => a.sequence - b.sequence);
    return new SegmentSpool(options, leftover);
  }

  /** Nothing waits: no segment, and no append on its way. */
  get isEmpty(): boolean {
    return this.sealed.length === 0 && this.current === undefined && this.appending === 0;
  }

  /** Bytes in segments and on their way to them. */
  get waitingBytes(): number {
    return this.bytes;
  }

  get segmentCount(): number {
    return this.sealed.length + (this.current ? 1 : 0);
  }

  /** Partial last lines dropped while reading (left by a write the process did not live to finish). */
  get tornLines(): number {
    return this.tornLineCount;
  }

  /**
   * Appends a batch of rows (COPY text; a missing final newline is added).
   * Resolves once it is written, or at once with dropped: true when it does
   * not fit within maxBytes: the newest batch is the one dropped, so what is
   * already spooled keeps its order. Rejects when the disk refuses it.
   */
  append(rows: Buffer): Promise<AppendOutcome> {
    if (this.closed) return Promise.reject(new Error('the activity spool is closed'));
    const events = countRows(rows);
    if (rows.length === 0) return Promise.resolve({ events, dropped: false });
    const data = rows[rows.length - 1] === NEWLINE ? [rows] : [rows, NEWLINE_BYTES];
    const bytes = rows.length + data.length - 1;
    if (this.bytes + bytes > this.options.maxBytes) return Promise.resolve({ events, dropped: true });
    this.bytes += bytes;
    this.appending += 1;
    return new Promise<AppendOutcome>((resolve, reject) => {
      this.pending.push({ data, bytes, settle: (error) => (error === undefined ? resolve({ events, dropped: false }) : reject(error)) });
      if (!this.flushQueued) {
        this.flushQueued = true;
        void this.enqueue(() => this.flush());
      }
    });
  }

  /** Closes the segment being written (after the appends before this call), so that it can be read. */
  seal(): Promise<void> {
    return this.enqueue(() => this.sealCurrent());
  }

  /** The oldest sealed segment, if any. */
  oldest(): Segment | undefined {
    return this.sealed[0];
  }

  /**
   * The segment's rows in chunks of complete lines of about `chunkBytes`
   * (more when a single line is longer). A partial last line is not given
   * out; it is counted in tornLines.
   */
  async *chunks(segment: Segment, chunkBytes: number): AsyncGenerator<Buffer> {
    let handle: FileHandle;
    try {
      handle = await open(segment.file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed by hand: nothing left to replay
      throw error;
    }
    try {
      let carried = Buffer.alloc(0);
      for (;;) {
        const buffer = Buffer.allocUnsafe(chunkBytes);
        const { bytesRead } = await handle.read(buffer, 0, chunkBytes, null);
        if (bytesRead === 0) break;
        const read = buffer.subarray(0, bytesRead);
        const data = carried.length > 0 ? Buffer.concat([carried, read]) : read;
        const end = data.lastIndexOf(NEWLINE) + 1;
        carried = data.subarray(end);
        if (end > 0) yield data.subarray(0, end);
      }
      if (carried.length > 0) this.tornLineCount += 1;
    } finally {
      await handle.close();
    }
  }

  /** Deletes a sealed segment whose rows are stored, and frees its bytes for new appends. */
  async remove(segment: Segment): Promise<void> {
    const at = this.sealed.indexOf(segment);
    if (at === -1) return;
    this.sealed.splice(at, 1);
    this.bytes -= segment.size;
    await unlink(segment.file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** Lets the appends already made finish, then fsyncs and closes the open segment; later appends are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.seal();
  }

  /** Runs file operations one after the other; a failed one does not stop those after it. */
  private enqueue(operation: () => Promise<void>): Promise<void> {
    const run = this.chain.then(operation);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Writes every append waiting now in one write. */
  private async flush(): Promise<void> {
    this.flushQueued = false;
    const group = this.pending;
    this.pending = [];
    const bytes = group.reduce((sum, append) => sum + append.bytes, 0);
    let failure: unknown;
    try {
      const { segment, handle } = await this.segmentFor(bytes);
      await writeAll(
        handle,
        group.flatMap((append) => append.data),
      );
      segment.size += bytes;
    } catch (error) {
      failure = error;
      this.bytes -= bytes;
      await this.sealAfterFailure();
    }
    this.appending -= group.length;
    for (const append of group) append.settle(failure);
  }

  /** The open segment, or a new one when there is none or `bytes` would take it past segmentBytes. */
  private async segmentFor(bytes: number): Promise<{ segment: Segment; handle: FileHandle }> {
    if (this.current && this.current.segment.size > 0 && this.current.segment.size + bytes > this.options.segmentBytes) {
      await this.sealCurrent();
    }
    if (this.current) return this.current;
    await mkdir(this.options.directory, { recursive: true });
    const sequence = this.nextSequence++;
    const segment: Segment = { file: path.join(this.options.directory, segmentName(sequence)), sequence, size: 0 };
    // 'ax': a segment is only ever appended to by the run that created it.
    this.current = { segment, handle: await open(segment.file, 'ax') };
    return this.current;
  }

  private async sealCurrent(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    try {
      await current.handle.sync();
    } finally {
      await current.handle.close();
      this.sealed.push(current.segment);
    }
  }

  /**
   * A write that failed may have left part of its bytes: the segment is
   * sealed so that they stay its last line (dropped as torn when read), and
   * its size is what the file really holds.
   */
  private async sealAfterFailure(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    const size = await current.handle.stat().then(
      (stats) => stats.size,
      () => current.segment.size,
    );
    this.bytes += size - current.segment.size;
    current.segment.size = size;
    await current.handle.close().catch(() => undefined);
    this.sealed.push(current.segment);
  }
}
