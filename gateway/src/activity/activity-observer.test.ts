import { createLogger } from '@evalplan/common/logging';
import type { Context } from 'koa';
import { activityObserver, markActivity } from './activity-observer';
import type { ActivityRecorder } from './recorder';
import type { RequestEvent } from './request-event';

const logger = createLogger({ name: 'test', level: 'silent' });
const SESSION = 'C0A80101-0000-4000-8000-000000000002';
const USER = 'c0a80101-0000-4000-8000-000000000001';

/** The events an observer hands its recorder, for requests described by a few context fields. */
function observed(identify: (ctx: Context) => Promise<string | undefined> = async () => undefined) {
  const events: RequestEvent[] = [];
  const recorder = { record: (event: RequestEvent) => events.push(event) } as unknown as ActivityRecorder<RequestEvent>;
  const observe = activityObserver(recorder, identify, logger);
  const request = (fields: Record<string, unknown>, status: number, mark?: Parameters<typeof markActivity>[1]): void => {
    const ctx = { method: 'GET', path: '/api/v1/ping', headers: {}, state: { requestId: 'req-1' }, ...fields } as unknown as Context;
    if (mark !== undefined) markActivity(ctx, mark);
    observe(ctx, performance.now() - 2, status);
  };
  return { events, request };
}

describe('activityObserver', () => {
  it('describes a request without a token at once, every field set', () => {
    const { events, request } = observed();
    const before = Date.now();
    request({ headers: { 'user-agent': 'curl/8.5' } }, 200);
    expect(events).toEqual([
      {
        id: undefined,
        eventType: 'api_request',
        userId: undefined,
        sessionId: undefined,
        projectId: undefined,
        method: 'GET',
        path: '/api/v1/ping',
        statusCode: 200,
        durationMs: expect.any(Number),
        createdAtMs: expect.any(Number),
        requestId: 'req-1',
        userAgent: 'curl/8.5',
        stepNumber: undefined,
      },
    ]);
    const [event] = events;
    expect(event!.durationMs).toBeGreaterThanOrEqual(2);
    expect(event!.createdAtMs).toBeLessThanOrEqual(before);
  });

  it('names the flow step, the ids of the path and the wizard step, lower-cased, only for a success', () => {
    const { events, request } = observed();
    const ctx = { method: 'PUT', path: `/api/v1/sessions/${SESSION}/steps/2`, params: { sessionId: SESSION, stepNumber: '2' } };
    request({ ...ctx, state: { requestId: 'r', user: { id: USER } } }, 200);
    request({ ...ctx, state: { requestId: 'r' } }, 200, 'wizard_step_saved');
    request({ ...ctx, state: { requestId: 'r' } }, 409, 'wizard_step_saved');
    request({ ...ctx, params: { sessionId: 'create', stepNumber: '9' } }, 500);
    expect(events.map(({ eventType, userId, sessionId, stepNumber }) => ({ eventType, userId, sessionId, stepNumber }))).toEqual([
      { eventType: 'api_request', userId: USER, sessionId: SESSION.toLowerCase(), stepNumber: 2 },
      { eventType: 'wizard_step_saved', userId: undefined, sessionId: SESSION.toLowerCase(), stepNumber: 2 },
      { eventType: 'api_request_failed', userId: undefined, sessionId: SESSION.toLowerCase(), stepNumber: 2 },
      { eventType: 'server_error', userId: undefined, sessionId: undefined, stepNumber: undefined },
    ]);
  });

  it('names the owner of a downloaded PDF, caps path and user agent, and waits for the user a token names', async () => {
    const { events, request } = observed(async () => USER);
    request({ path: `/files/pdfs/projects/${SESSION}/1.pdf`, headers: { 'user-agent': 'u'.repeat(600) } }, 200);
    request({ path: `/${'p'.repeat(3000)}`, headers: { authorization: 'Bearer x' } }, 404);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events[0]).toMatchObject({ projectId: SESSION.toLowerCase(), sessionId: undefined, userAgent: 'u'.repeat(512) });
    expect(events[1]).toMatchObject({ userId: USER, path: `/${'p'.repeat(2047)}`, eventType: 'api_request_failed' });
  });
});
