import type { Context } from 'koa';
import { loggablePath } from './routing';

/** The parts of a Koa context loggablePath reads, as @koa/router leaves them after matching. */
function matched(path: string, template: string | undefined, params: Record<string, string>): Context {
  return { path, params, state: {}, _matchedRoute: template } as unknown as Context;
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
