import type { ServerStream } from './server';

/**
 * Writes one message of a server stream and waits while the call's buffer is
 * full (the reader is slower), so a long stream never piles up in memory.
 * Resolves false once the caller cancelled: the writer stops there.
 */
export async function writeMessage<T>(call: ServerStream<T>, message: T): Promise<boolean> {
  if (call.cancelled) return false;
  if (!call.write(message)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        call.off('drain', done);
        call.off('cancelled', done);
        resolve();
      };
      call.on('drain', done);
      call.on('cancelled', done);
    });
  }
  return !call.cancelled;
}
