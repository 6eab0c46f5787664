import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postJson } from './helpers/auth';
import { call, startTestStack } from './helpers/stack';

describe('services on unix sockets (co-located processes)', () => {
  it('serves the API through them, and starts again over socket files a previous run left behind', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'evalplan-sock-'));
    const env = Object.fromEntries(
      ['AUTH', 'WIZARD', 'PDF', 'ACTIVITY'].map((name) => [`${name}_SERVICE_ADDR`, `unix:${dir}/${name.toLowerCase()}.sock`]),
    );
    for (let run = 0; run < 2; run += 1) {
      const stack = await startTestStack(env);
      try {
        expect(stack.config.services.wizard.target).toBe(`unix:${dir}/wizard.sock`);
        const session = await call(`${stack.url}/api/v1/sessions/create`, { method: 'POST' });
        expect(session.status).toBe(201);
        expect((await call(`${stack.url}/api/v1/sessions/${session.json.sessionId}`)).status).toBe(200);
        const email = `sock-${run}-${Date.now()}@example.com`;
        expect((await postJson(`${stack.url}/api/v1/auth/register`, { email, password: 'correct horse' })).status).toBe(201);
      } finally {
        await stack.stop();
      }
    }
  });
});
