import { execFile } from 'node:child_process';
import { appendFile, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
const AS_ROOT = process.getuid?.() === 0;

async function runTool(binary: string, args: string[]): Promise<void> {
  const [file, argv] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${path.basename(binary)} ${args.join(' ')} failed: ${stderr || stdout || String(error)}`, { cause: error });
  }
}

async function idOf(user: string, flag: '-u' | '-g'): Promise<number> {
  return Number((await run('id', [flag, user])).stdout.trim());
}

/**
 * A PostgreSQL server of the test's own (initdb into a temp directory, its
 * own port, loopback only, trust auth), which the test may stop and start
 * like an operator would, without touching the machine's shared server.
 */
export class ThrowawayPostgres {
  private constructor(
    private readonly bindir: string,
    private readonly root: string,
    readonly port: number,
  ) {}

  private get dataDir(): string {
    return path.join(this.root, 'data');
  }

  /** Superuser postgres, database postgres, no password. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** initdb into a new temp directory and start the server. */
  static async create(): Promise<ThrowawayPostgres> {
    const bindir = (await run('pg_config', ['--bindir'])).stdout.trim();
    const root = await mkdtemp(path.join(os.tmpdir(), 'evalplan-pg-'));
    if (AS_ROOT) await chown(root, await idOf('postgres', '-u'), await idOf('postgres', '-g'));
    const server = new ThrowawayPostgres(bindir, root, await freePort());
    try {
      await runTool(path.join(bindir, 'initdb'), [
        '-D',
        server.dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ]);
      // TCP on loopback only and no Unix socket (whose default directory is the shared server's);
      // durability settings off, since the data is thrown away.
      await appendFile(
        path.join(server.dataDir, 'postgresql.conf'),
        [
          `port = ${server.port}`,
          `listen_addresses = '127.0.0.1'`,
          `unix_socket_directories = ''`,
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          '',
        ].join('\n'),
      );
      await server.start();
    } catch (error) {
      await server.destroy();
      throw error;
    }
    return server;
  }

  /** Starts the server and returns once it accepts connections. */
  async start(): Promise<void> {
    await runTool(path.join(this.bindir, 'pg_ctl'), [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.root, 'postgres.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** Fast shutdown, as an operator's restart does: open sessions are cut, the server stops at once. */
  async stop(): Promise<void> {
    await runTool(path.join(this.bindir, 'pg_ctl'), ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  /** The server's log so far, for failure messages. */
  async log(): Promise<string> {
    return readFile(path.join(this.root, 'postgres.log'), 'utf8').catch(() => '');
  }

  /** Stops the server if it runs (pg_ctl knows; a failed start may have left one) and removes its directory. */
  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    await rm(this.root, { recursive: true, force: true });
  }
}
