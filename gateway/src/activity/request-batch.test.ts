import { loadProtos } from '@evalplan/protos';
import { MAX_BATCH_BYTES, maxEncodedBytes, recordBatchRequest } from './request-batch';
import type { RequestEvent } from './request-event';

const AT = Date.UTC(2026, 10, 24, 9, 30, 15, 7);

function event(fields: Partial<RequestEvent> = {}): RequestEvent {
  return {
    id: undefined,
    eventType: 'api_request',
    userId: undefined,
    sessionId: undefined,
    projectId: undefined,
    method: 'GET',
    path: '/api/v1/ping',
    statusCode: 200,
    durationMs: 0.25,
    createdAtMs: AT,
    requestId: 'req-1',
    userAgent: 'curl/8.5',
    stepNumber: undefined,
    ...fields,
  };
}

/** The RecordBatch payload as the transport encodes it. */
const encoded = (events: RequestEvent[]): Buffer =>
  loadProtos().activity.ActivityService.RecordBatch.requestSerialize(recordBatchRequest(events));

describe('RecordBatch requests of recorded requests', () => {
  it('names each event once, with a UUIDv7 of its own time, and keeps the ids when the batch is sent again', () => {
    const events = [event(), event({ createdAtMs: AT + 1000 })];
    const first = encoded(events);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([expect.stringMatching(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/), expect.any(String)]);
    expect(ids[0]).not.toBe(ids[1]);
    expect(parseInt(ids[0]!.slice(0, 12), 16)).toBe(AT);
    expect(encoded(events).equals(first)).toBe(true);
    expect(events.map((e) => e.id)).toEqual(ids);
  });

  it('sends the events as queued, leaving out the ids a request did not name', () => {
    const user = 'c0a80101-0000-4000-8000-000000000001';
    const { requestDeserialize } = loadProtos().activity.ActivityService.RecordBatch;
    const [anonymous, step] = requestDeserialize(encoded([event(), event({ userId: user, stepNumber: 2 })])).events;
    expect(anonymous).toMatchObject({ eventType: 'api_request', path: '/api/v1/ping', statusCode: 200, createdAtMs: AT });
    expect(anonymous!.userId).toBeUndefined();
    expect(anonymous!.stepNumber).toBeUndefined();
    expect(step).toMatchObject({ userId: user, stepNumber: 2 });
  });

  it('never takes more bytes than maxEncodedBytes says, whatever the path, user agent and ids hold', () => {
    const user = 'c0a80101-0000-4000-8000-000000000001';
    const worst = [
      event(),
      event({ eventType: 'recommendation_requested', userId: user, sessionId: user, projectId: user, method: 'OPTIONS', stepNumber: 4 }),
      event({ durationMs: 123456.789, createdAtMs: 8.64e15, statusCode: 599 }),
      // Every kind of character at its longest in UTF-8, lone surrogates too.
      event({ path: '€\ud800\t'.repeat(680), userAgent: '\udfff€'.repeat(256), requestId: '€'.repeat(128) }),
    ];
    for (const one of worst) expect(encoded([one]).length).toBeLessThanOrEqual(maxEncodedBytes(one));
    // The largest event a request can make leaves room for hundreds in one message.
    expect(Math.floor(MAX_BATCH_BYTES / maxEncodedBytes(worst[3]!))).toBeGreaterThan(300);
  });
});
