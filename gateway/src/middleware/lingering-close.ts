import type { IncomingMessage } from 'node:http';

/** How much a client may still send after its body was refused, and for how long, before its connection is cut. */
export interface LingerLimits {
  bytes: number;
  ms: number;
}

/** Enough for a client to finish sending a body a few MiB over the limit on a slow link; little enough to cost nothing. */
export const LINGER_LIMITS: LingerLimits = { bytes: 4 * 1024 * 1024, ms: 5_000 };

/**
 * Makes the connection of a request whose body is refused unread close
 * cleanly after the answer (the caller sends `Connection: close`).
 *
 * Node's HTTP server closes such a connection with socket.destroySoon(): the
 * socket is destroyed as soon as the answer is written. A socket closed while
 * the client is still sending makes the kernel answer with a reset, and a
 * reset can wipe the answer before the client reads it; a client busy sending
 * sees only a broken pipe. Here our side is shut instead (the client reads
 * the answer, then end of stream), and what the client still sends is read
 * and dropped until the body has arrived or the client closes its side, at
 * most `limits.bytes` for `limits.ms`; then the socket is destroyed.
 */
export function closeAfterAnswer(req: IncomingMessage, limits: LingerLimits = LINGER_LIMITS): void {
  const socket = req.socket;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) socket.destroy();
  });
  req.resume();
  // Node's own close: end, and destroy once everything written has been handed to the kernel.
  const closeWhenWritten = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    // Nothing more will arrive: Node's close cannot cause a reset.
    if (req.complete || socket.readableEnded) {
      closeWhenWritten();
      return;
    }
    socket.end();
    req.once('end', closeWhenWritten);
    socket.once('end', closeWhenWritten);
    const timer = setTimeout(() => socket.destroy(), limits.ms);
    socket.once('close', () => clearTimeout(timer));
  };
}
