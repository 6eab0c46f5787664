import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { writeDrained } from './stream-writes';

describe('writeDrained', () => {
  it('waits for a slow reader hundreds of times and leaves no listener behind', async () => {
    const stream = new PassThrough({ highWaterMark: 64 });
    let received = 0;
    let mostCloseListeners = 0;
    // A reader that takes one piece per turn of the event loop.
    const reading = (async () => {
      for await (const chunk of stream) {
        received += (chunk as Buffer).length;
        mostCloseListeners = Math.max(mostCloseListeners, stream.listenerCount('close'));
        await nextTurn();
      }
    })();
    // Each piece is over the high-water mark, so every write waits for the reader.
    for (let piece = 0; piece < 500; piece++) expect(await writeDrained(stream, 'x'.repeat(100))).toBe(true);
    stream.end();
    await reading;
    expect(received).toBe(500 * 100);
    // Only the reader's own listeners: none per wait.
    expect(mostCloseListeners).toBeLessThanOrEqual(2);
    expect(stream.listenerCount('drain')).toBe(0);
  });

  it('stops waiting, and says so, when the stream closes while full', async () => {
    const stream = new PassThrough({ highWaterMark: 8 });
    const pending = writeDrained(stream, 'more than eight bytes');
    stream.destroy();
    await expect(pending).resolves.toBe(false);
    await expect(writeDrained(stream, 'after')).resolves.toBe(false);
    expect(stream.listenerCount('drain')).toBe(0);
  });
});
