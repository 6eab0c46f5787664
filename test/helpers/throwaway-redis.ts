import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/** Whether a Redis server answers PING on the port. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * A redis-server of the test's own (own port, loopback only, nothing
 * persisted), which the test may stop and start on the same port without
 * touching the machine's shared Redis.
 */
export class ThrowawayRedis {
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async create(): Promise<ThrowawayRedis> {
    const server = new ThrowawayRedis(await mkdtemp(path.join(os.tmpdir(), 'evalplan-redis-')), await freePort());
    await server.start();
    return server;
  }

  /** Starts the server and returns once it answers PING. */
  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    const append = (chunk: Buffer): void => {
      this.output += chunk.toString();
    };
    child.stdout!.on('data', append);
    child.stderr!.on('data', append);
    const deadline = Date.now() + 20_000;
    while (!(await answersPing(this.port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server on port ${this.port} did not come up:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM, as a service manager stops it: clients are disconnected and the port is closed. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
