import type { Context } from 'koa';
import { loggablePath, routeTemplateOf } from './routing';

/** The parts of a Koa context loggablePath reads, as @koa/router leaves them after matching. */
function matched(path: string, template: string | undefined, params: Record<string, string>): Context {
  return { path, params, state: {}, routerPath: template } as unknown as Context;
}

describe('loggablePath', () => {
  it('keeps an ordinary path as sent', () => {
    const projectId = '6f1c1f4e-7a0b-4c39-9d55-0b2f3a1f9e11';
    expect(loggablePath(matched(`/api/v1/projects/${projectId}`, '/api/v1/projects/:projectId', { projectId }))).toBe(
      `/api/v1/projects/${projectId}`,
    );
  });

  it('never gives the id of a sign-in: the route template instead', () => {
    const signInId = '0d7b5e52-7a41-4f4e-9a0c-5b8a3d2e6f10';
    expect(loggablePath(matched(`/api/v1/auth/sessions/${signInId}`, '/api/v1/auth/sessions/:signInId', { signInId }))).toBe(
      '/api/v1/auth/sessions/:signInId',
    );
    // Without a template (it should not happen), the id is still replaced.
    expect(loggablePath(matched(`/api/v1/auth/sessions/${signInId}`, undefined, { signInId }))).toBe('/api/v1/auth/sessions/:signInId');
  });
});

describe('a stored PDF in logs and activity rows', () => {
  const filePath = '/files/pdfs/sessions/6f1c1f4e-7a0b-4c39-9d55-0b2f3a1f9e11/1795448034641746265.pdf';

  it('is named by its route, never by its path (a capability URL)', () => {
    expect(loggablePath(matched(filePath, undefined, {}))).toBe('/files/pdfs/*');
  });

  it('is hidden also where no route matched: other casing, a prefix before it, percent-encoding, malformed escapes', () => {
    for (const path of [
      filePath.toUpperCase(),
      `/api/v1${filePath}`,
      '/files%2Fpdfs%2Fsessions/6f1c1f4e-7a0b-4c39-9d55-0b2f3a1f9e11/1.pdf',
      '/files/%70dfs/sessions/x/1.pdf',
      '/%zz/files%2fpdfs/1.pdf',
    ]) {
      expect({ path, logged: loggablePath(matched(path, undefined, {})) }).toEqual({ path, logged: '/files/pdfs/*' });
    }
    // Other paths stay as sent.
    expect(loggablePath(matched('/files/other/1.pdf', undefined, {}))).toBe('/files/other/1.pdf');
    expect(loggablePath(matched('/api/v1/%zz', undefined, {}))).toBe('/api/v1/%zz');
  });

  it('gives logs and metrics the name of a route matched by a regular expression, not its source', () => {
    const ctx = {
      path: filePath,
      state: {},
      routerPath: /^\/files\/pdfs\/.+$/,
      routerName: '/files/pdfs/*',
    } as unknown as Context;
    expect(routeTemplateOf(ctx)).toBe('/files/pdfs/*');
  });
});
