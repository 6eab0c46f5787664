import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg, { DatabaseError } from 'pg';
import { ClientOfflineError, ErrorReply, SocketClosedUnexpectedlyError } from 'redis';
import { AppError } from '../errors/app-error';
import { isDependencyFailure } from './failures';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function databaseError(code: string): DatabaseError {
  const error = new DatabaseError('server said no', 0, 'error');
  error.code = code;
  return error;
}

describe('isDependencyFailure', () => {
  it('is true for PostgreSQL that cannot be reached, as node-postgres reports it', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x' });
    client.on('error', () => undefined);
    const error = await client.connect().catch((e: unknown) => e);
    expect(isDependencyFailure(error)).toBe(true);
  });

  it('is true for a unix socket whose server is gone, false for any other missing file', async () => {
    const socketError = await new Promise<unknown>((resolve) => {
      const socket = net.connect(path.join(os.tmpdir(), `evalplan-missing-${process.pid}.sock`));
      socket.on('error', resolve);
    });
    expect(isDependencyFailure(socketError)).toBe(true);
    expect(isDependencyFailure(await readFile('/nonexistent/evalplan').catch((e: unknown) => e))).toBe(false);
  });

  it.each(['57P01', '57P02', '57P03', '08006', '08001', '53300'])('is true for the SQLSTATE %s of a server going away', (code) => {
    expect(isDependencyFailure(databaseError(code))).toBe(true);
  });

  it.each(['23505', '22021', '42P01', '40001'])('is false for the SQLSTATE %s, which is about the statement', (code) => {
    expect(isDependencyFailure(databaseError(code))).toBe(false);
  });

  it("is true for node-postgres' words for a lost connection", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect([message, isDependencyFailure(new Error(message))]).toEqual([message, true]);
    }
  });

  it('is true for Redis that is offline or dropped the socket, false for an error Redis answered', () => {
    expect(isDependencyFailure(new ClientOfflineError())).toBe(true);
    expect(isDependencyFailure(new SocketClosedUnexpectedlyError())).toBe(true);
    expect(isDependencyFailure(new ErrorReply('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
  });

  it('looks through causes and AggregateErrors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDependencyFailure(new AggregateError([refused]))).toBe(true);
    expect(isDependencyFailure(new Error('wrapped', { cause: refused }))).toBe(true);
  });

  it('is false for bugs and domain errors', () => {
    expect(isDependencyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyFailure(new AppError('SESSION_NOT_FOUND'))).toBe(false);
    expect(isDependencyFailure('ECONNREFUSED')).toBe(false);
    expect(isDependencyFailure(undefined)).toBe(false);
  });
});
