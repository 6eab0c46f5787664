import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports handed to child processes come from below the kernel's ephemeral
 * range. A port from listen(0) is an ephemeral one: between this check and the
 * child's bind, an outgoing connection of any test running in parallel could
 * be given it as its source port, and the child failed with EADDRINUSE (seen
 * on CI). Below the range only an explicit bind can take it. Each jest worker
 * draws from a slice of its own, so parallel test files do not pick the same.
 */
const EPHEMERAL_MIN = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
})();
const FLOOR = Math.min(20_000, EPHEMERAL_MIN - 4_000);
const SLICES = 8;
const SLICE = Math.floor((EPHEMERAL_MIN - FLOOR) / SLICES);
const slice = (Number(process.env.JEST_WORKER_ID ?? 1) - 1) % SLICES;
const handedOut = new Set<number>();

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on (bound and released again): free for a component to bind, refused if called. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const port = FLOOR + slice * SLICE + Math.floor(Math.random() * SLICE);
    if (handedOut.has(port) || !(await canBind(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in ${FLOOR + slice * SLICE}-${FLOOR + (slice + 1) * SLICE}`);
}
