import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { copyIn, sqlStateOf } from './copy-in';

// Against this run's PostgreSQL database (both test modes have one): the point is what a real backend does
// with data sent before it asked for it.
describe('copyIn: COPY FROM STDIN with the data sent together with the statement', () => {
  const table = `copy_in_${randomBytes(4).toString('hex')}`;
  const copy = `COPY ${table} (n, label) FROM STDIN`;
  let client: Client;

  const count = async (): Promise<number> => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  const lines = (from: number, to: number): string => {
    let text = '';
    for (let n = from; n < to; n += 1) text += `${n}\trow ${n}\n`;
    return text;
  };

  beforeAll(async () => {
    client = new Client({ connectionString: process.env.EVALPLAN_TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE TABLE ${table} (n integer PRIMARY KEY, label text NOT NULL)`);
  });
  afterAll(async () => {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  });

  it('stores the rows and reports how many', async () => {
    await expect(copyIn(client, copy, Buffer.from(lines(0, 3)))).resolves.toBe(3);
    expect(await count()).toBe(3);
  });

  it('leaves the connection in step when the statement itself is refused before any data is read', async () => {
    // The data is already on its way when PostgreSQL refuses the statement; it must be ignored, not read as queries.
    await expect(copyIn(client, `COPY ${table}_missing (n) FROM STDIN`, Buffer.from('SELECT 1;\n'))).rejects.toMatchObject({
      code: '42P01',
    });
    await expect(copyIn(client, copy, Buffer.from(lines(3, 5)))).resolves.toBe(2);
    expect(await count()).toBe(5);
  });

  it('stores nothing of a batch refused halfway, and the connection goes on', async () => {
    // About 2 MB: PostgreSQL refuses the second row while most of the batch is still being written.
    const batch = Buffer.from(`100\tfine\nnot-a-number\tbad\n${lines(101, 120_000)}`);
    await expect(copyIn(client, copy, batch)).rejects.toMatchObject({ code: '22P02' });
    expect(await count()).toBe(5);
    // A repeated key is refused as a whole too (the caller then stores row by row).
    await expect(copyIn(client, copy, Buffer.from(lines(4, 7)))).rejects.toMatchObject({ code: '23505' });
    await expect(copyIn(client, copy, Buffer.from(lines(5, 7)))).resolves.toBe(2);
    expect(await count()).toBe(7);
  });

  it('tells a refusal by PostgreSQL (the connection stays usable) from a socket failure that also carries a code', async () => {
    const refused = await copyIn(client, `COPY ${table}_missing (n) FROM STDIN`, Buffer.from('1\n')).catch((error: unknown) => error);
    expect(sqlStateOf(refused)).toBe('42P01');
    // What Node raises when the server's connection is reset: a code, but no SQLSTATE, so the connection is not reused.
    expect(sqlStateOf(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' }))).toBeUndefined();
    expect(sqlStateOf(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeUndefined();
    expect(sqlStateOf(undefined)).toBeUndefined();
  });

  it('fails cleanly on a connection that is gone', async () => {
    const lost = new Client({ connectionString: process.env.EVALPLAN_TEST_DATABASE_URL });
    await lost.connect();
    lost.on('error', () => undefined);
    await lost.end();
    await expect(copyIn(lost, copy, Buffer.from(lines(7, 8)))).rejects.toThrow();
    expect(await count()).toBe(7);
  });
});
