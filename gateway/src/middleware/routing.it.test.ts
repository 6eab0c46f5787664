import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { routeDispatcher } from './routing';

async function serve(router: Router): Promise<{ url: string; close(): void }> {
  const app = new Koa();
  app.use(routeDispatcher(router));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('routeDispatcher', () => {
  it('runs every handler of a path registered twice, in order, as the router does', async () => {
    const router = new Router();
    router.get('/twice', async (ctx, next) => {
      ctx.set('X-First', 'yes');
      await next();
    });
    router.get('/twice', (ctx) => {
      ctx.body = { second: true };
    });
    const app = await serve(router);
    const res = await fetch(`${app.url}/twice`);
    expect([res.headers.get('x-first'), await res.json()]).toEqual(['yes', { second: true }]);
    app.close();
  });

  it('keeps router-level middleware in front of every route', async () => {
    const router = new Router();
    router.use(async (ctx, next) => {
      ctx.set('X-Shared', 'ran');
      await next();
    });
    router.get('/plain', (ctx) => {
      ctx.body = 'ok';
    });
    const app = await serve(router);
    expect((await fetch(`${app.url}/plain`)).headers.get('x-shared')).toBe('ran');
    app.close();
  });

  it('gives parameterised routes their params through the router', async () => {
    const router = new Router({ prefix: '/things' });
    router.get('/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    const app = await serve(router);
    expect(await (await fetch(`${app.url}/things/42`)).json()).toEqual({ id: '42' });
    app.close();
  });
});

describe('routeDispatcher with :params', () => {
  it('matches segment by segment, decodes parameters, and prefers the first route registered', async () => {
    const router = new Router({ prefix: '/api' });
    router.get('/sessions/create', (ctx) => {
      ctx.body = { literal: true };
    });
    router.get('/sessions/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    router.put('/sessions/:id/step/:n', (ctx) => {
      ctx.body = { id: ctx.params.id, n: ctx.params.n };
    });
    const app = await serve(router);
    expect(await (await fetch(`${app.url}/api/sessions/create`)).json()).toEqual({ literal: true });
    expect(await (await fetch(`${app.url}/api/sessions/a%20b`)).json()).toEqual({ id: 'a b' });
    expect(await (await fetch(`${app.url}/api/sessions/%E0%A4%A`)).json()).toEqual({ id: '%E0%A4%A' });
    expect(await (await fetch(`${app.url}/api/sessions/x/step/3`, { method: 'PUT' })).json()).toEqual({ id: 'x', n: '3' });
    // Wrong method, extra or missing segments: not these routes.
    expect((await fetch(`${app.url}/api/sessions/x/step/3`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/sessions/x/step`, { method: 'PUT' })).status).toBe(404);
    expect((await fetch(`${app.url}/api/sessions/x/step/3/4`, { method: 'PUT' })).status).toBe(404);
    app.close();
  });
});
