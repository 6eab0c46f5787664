import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countRows, type Segment, SegmentSpool } from './segment-spool';

/** `count` rows of COPY text numbered from `from`, each `width` bytes long with its newline. */
function rows(from: number, count: number, width = 32): Buffer {
  let text = '';
  for (let n = from; n < from + count; n += 1) text += `${String(n).padStart(8, '0')}\t${'x'.repeat(width - 10)}\n`;
  return Buffer.from(text);
}

/** Every chunk of every segment, oldest first, removing each segment once read (as the replay does). */
async function drain(spool: SegmentSpool, chunkBytes = 1024): Promise<{ text: string; chunks: Buffer[]; segments: number }> {
  const chunks: Buffer[] = [];
  let segments = 0;
  await spool.seal();
  for (let segment: Segment | undefined = spool.oldest(); segment; segment = spool.oldest()) {
    for await (const chunk of spool.chunks(segment, chunkBytes)) chunks.push(chunk);
    await spool.remove(segment);
    segments += 1;
  }
  return { text: Buffer.concat(chunks).toString(), chunks, segments };
}

describe('SegmentSpool: activity rows waiting on disk', () => {
  let directory: string;
  const open = (maxBytes = 1024 * 1024, segmentBytes = 64 * 1024) => SegmentSpool.open({ directory, maxBytes, segmentBytes });
  const files = async () => (await readdir(directory).catch(() => [] as string[])).sort();

  beforeEach(async () => {
    directory = path.join(await mkdtemp(path.join(tmpdir(), 'activity-spool-')), 'spool');
  });
  afterEach(async () => {
    await rm(path.dirname(directory), { recursive: true, force: true });
  });

  it('writes batches as sent, in order, and creates nothing on disk before the first one', async () => {
    const spool = open();
    expect(await files()).toEqual([]);
    expect(spool.isEmpty).toBe(true);
    await expect(spool.append(rows(0, 3))).resolves.toEqual({ events: 3, dropped: false });
    await expect(spool.append(rows(3, 2))).resolves.toEqual({ events: 2, dropped: false });
    expect(spool.isEmpty).toBe(false);
    expect(spool.waitingBytes).toBe(5 * 32);
    const [file] = await files();
    expect((await readFile(path.join(directory, file!))).equals(Buffer.concat([rows(0, 3), rows(3, 2)]))).toBe(true);
    expect((await drain(spool)).text).toBe(rows(0, 5).toString());
    expect(spool.isEmpty).toBe(true);
    expect(await files()).toEqual([]);
  });

  it('keeps each batch whole and in call order when appends overlap, writing those that waited together', async () => {
    const spool = open();
    const batches = Array.from({ length: 20 }, (_, i) => rows(i * 50, 50));
    await Promise.all(batches.map((batch) => spool.append(batch)));
    expect((await drain(spool)).text).toBe(Buffer.concat(batches).toString());
  });

  it('ends a batch without a final newline, so that it cannot merge with the next', async () => {
    const spool = open();
    await expect(spool.append(Buffer.from('a\tb\nc\td'))).resolves.toEqual({ events: 2, dropped: false });
    await spool.append(Buffer.from('e\tf\n'));
    expect(spool.waitingBytes).toBe(12);
    expect((await drain(spool)).text).toBe('a\tb\nc\td\ne\tf\n');
  });

  it('starts a new segment past segmentBytes and gives segments back oldest first, each deleted once read', async () => {
    const spool = open(1024 * 1024, 1000);
    for (let i = 0; i < 10; i += 1) await spool.append(rows(i * 10, 10)); // 320 bytes each: three batches a segment
    expect(await files()).toHaveLength(4);
    expect(spool.segmentCount).toBe(4);
    const sizes = await Promise.all((await files()).map(async (name) => (await stat(path.join(directory, name))).size));
    expect(sizes).toEqual([960, 960, 960, 320]);
    const { text, segments } = await drain(spool);
    expect(segments).toBe(4);
    expect(text).toBe(rows(0, 100).toString());
    expect(spool.waitingBytes).toBe(0);
  });

  it('reads in chunks of whole lines, longer only for a line longer than a chunk', async () => {
    const spool = open();
    await spool.append(rows(0, 100, 40));
    await spool.append(Buffer.from(`${'y'.repeat(3000)}\n`));
    await spool.append(rows(100, 10, 40));
    const { chunks, text } = await drain(spool, 1000);
    expect(text).toBe(`${rows(0, 100, 40).toString()}${'y'.repeat(3000)}\n${rows(100, 10, 40).toString()}`);
    for (const chunk of chunks) expect(chunk[chunk.length - 1]).toBe(0x0a);
    expect(chunks.filter((chunk) => chunk.length > 1000)).toHaveLength(1);
    expect(chunks.length).toBeGreaterThanOrEqual(5);
  });

  it('drops the newest batch that would pass maxBytes, counting its events, and takes batches again once space is freed', async () => {
    const spool = open(1000, 400);
    await expect(spool.append(rows(0, 10))).resolves.toEqual({ events: 10, dropped: false }); // 320
    await expect(spool.append(rows(10, 10))).resolves.toEqual({ events: 10, dropped: false }); // 640
    await expect(spool.append(rows(20, 12))).resolves.toEqual({ events: 12, dropped: true }); // would be 1024
    await expect(spool.append(rows(32, 11))).resolves.toEqual({ events: 11, dropped: false }); // 992 fits
    await expect(spool.append(rows(43, 1))).resolves.toEqual({ events: 1, dropped: true });
    expect(spool.waitingBytes).toBe(992);
    // What was kept is intact and in order; the dropped batches left nothing behind.
    const first = spool.oldest()!;
    const kept: Buffer[] = [];
    for await (const chunk of spool.chunks(first, 4096)) kept.push(chunk);
    expect(Buffer.concat(kept).toString()).toBe(rows(0, 10).toString());
    await spool.remove(first);
    await expect(spool.append(rows(44, 10))).resolves.toEqual({ events: 10, dropped: false });
    const rest = await drain(spool);
    expect(rest.text).toBe(`${rows(10, 10).toString()}${rows(32, 11).toString()}${rows(44, 10).toString()}`);
  });

  it('replays the segments a previous run left, before the new ones, and never appends to them', async () => {
    const before = open(1024 * 1024, 400);
    for (let i = 0; i < 4; i += 1) await before.append(rows(i * 10, 10));
    await before.close();
    await expect(before.append(rows(99, 1))).rejects.toThrow(/closed/);
    const left = await files();
    expect(left).toHaveLength(4);

    const after = open(1024 * 1024, 400);
    expect(after.isEmpty).toBe(false);
    expect(after.waitingBytes).toBe(4 * 320);
    expect(after.segmentCount).toBe(4);
    await after.append(rows(40, 5));
    const now = await files();
    expect(now.slice(0, 4)).toEqual(left);
    expect(now).toHaveLength(5);
    expect((await drain(after)).text).toBe(rows(0, 45).toString());
  });

  it('drops and counts a partial last line left by a write the process did not finish', async () => {
    const before = open();
    await before.append(rows(0, 5));
    await before.close();
    const [file] = await files();
    // A kill in the middle of an append: the start of a row, no newline.
    await appendFile(path.join(directory, file!), '00000005\txx');
    const after = open();
    expect(after.waitingBytes).toBe(5 * 32 + 11);
    await after.append(rows(5, 3));
    const { text } = await drain(after);
    // The torn line is neither replayed nor glued to the next run's first row.
    expect(text).toBe(`${rows(0, 5).toString()}${rows(5, 3).toString()}`);
    expect(after.tornLines).toBe(1);
  });

  it('ignores files that are not its segments and reads a missing directory as empty', async () => {
    const spool = open();
    expect(spool.isEmpty).toBe(true);
    await spool.append(rows(0, 1));
    await writeFile(path.join(directory, 'notes.txt'), 'not a segment\n');
    await spool.close();
    const again = open();
    expect(again.segmentCount).toBe(1);
    expect((await drain(again)).text).toBe(rows(0, 1).toString());
    expect(await files()).toEqual(['notes.txt']);
  });

  it('lets an append in progress finish when closed', async () => {
    const spool = open();
    const appended = spool.append(rows(0, 1000));
    await spool.close();
    await expect(appended).resolves.toEqual({ events: 1000, dropped: false });
    const [file] = await files();
    expect((await stat(path.join(directory, file!))).size).toBe(32 * 1000);
  });

  it('counts rows by their newlines, and a last line without one', () => {
    expect(countRows(Buffer.from(''))).toBe(0);
    expect(countRows(Buffer.from('a\n'))).toBe(1);
    expect(countRows(Buffer.from('a\nb'))).toBe(2);
    expect(countRows(rows(0, 7))).toBe(7);
  });
});
