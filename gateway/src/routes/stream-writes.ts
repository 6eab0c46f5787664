import type { Writable } from 'node:stream';

/**
 * Writes a piece of a streamed answer and, when the stream's buffer is full
 * (the reader is slower), waits until it drains or closes. Both listeners
 * are removed whichever comes first, so a slow reader that makes the writer
 * wait thousands of times leaves nothing behind. Resolves false once the
 * stream is closed: the writer stops there.
 */
export async function writeDrained(stream: Writable, text: string): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.write(text)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  }
  return !stream.destroyed;
}
