import { ACTIVITY_COLUMNS, readCopyRows } from '@evalplan/common';
import { encodeRequestBatch, MAX_BATCH_BYTES, maxEncodedBytes } from './request-batch';
import type { RequestEvent } from './request-event';

const AT = Date.UTC(2026, 10, 24, 9, 30, 15, 7);

function event(overrides: Partial<Record<number, unknown>> = {}): RequestEvent {
  const base: RequestEvent = [null, 'api_request', null, null, null, 'GET', '/api/v1/ping', 200, 0.25, AT, 'req-1', 'curl/8.5', null];
  for (const [index, value] of Object.entries(overrides)) (base as unknown[])[Number(index)] = value;
  return base;
}

function decode(events: RequestEvent[]): Array<Record<string, string | null>> {
  return readCopyRows(encodeRequestBatch(events).toString('utf8')).map((columns) => {
    expect(columns).toHaveLength(ACTIVITY_COLUMNS.length);
    return Object.fromEntries(ACTIVITY_COLUMNS.map((name, i) => [name, columns[i] ?? null]));
  });
}

describe('request batches in COPY text', () => {
  it('writes one row per request in the columns of activity_events, with the metadata the contract names', () => {
    const user = 'c0a80101-0000-4000-8000-000000000001';
    const session = 'c0a80101-0000-4000-8000-000000000002';
    const [anonymous, signedIn] = decode([event(), event({ 1: 'wizard_step_saved', 2: user, 3: session, 5: 'PUT', 7: 200, 12: 2 })]);
    expect(anonymous).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/),
      event_type: 'api_request',
      user_id: null,
      session_id: null,
      project_id: null,
      method: 'GET',
      path: '/api/v1/ping',
      status_code: '200',
      duration_ms: '0.25',
      metadata: expect.any(String),
      created_at: '2026-11-24T09:30:15.007Z',
    });
    expect(JSON.parse(anonymous!.metadata!)).toEqual({ request_id: 'req-1', actor_type: 'anonymous', user_agent: 'curl/8.5' });
    expect(signedIn).toMatchObject({ event_type: 'wizard_step_saved', user_id: user, session_id: session, method: 'PUT' });
    expect(JSON.parse(signedIn!.metadata!)).toEqual({ request_id: 'req-1', actor_type: 'user', user_agent: 'curl/8.5', step_number: 2 });
  });

  it('keeps each id when a batch is sent again, so activity-service stores it once', () => {
    const events = [event(), event()];
    const first = encodeRequestBatch(events);
    expect(encodeRequestBatch(events).equals(first)).toBe(true);
    const [a, b] = decode(events);
    expect(a!.id).not.toBe(b!.id);
  });

  it('carries any path and user agent intact, with text PostgreSQL can store', () => {
    const path = "/api/v1/x\\y'; DROP TABLE activity_events;--/ü";
    const userAgent = 'Agent "quoted" \\ tab\there \u0001 Ω';
    const [row] = decode([event({ 6: path, 11: userAgent })]);
    expect(row!.path).toBe(path);
    expect(JSON.parse(row!.metadata!).user_agent).toBe(userAgent);
    // NUL (no PostgreSQL text holds it) and half a surrogate pair become U+FFFD; the JSON stays valid.
    const [odd] = decode([event({ 6: '/a\u0000b', 11: 'half \ud800 pair', 10: 'id\u0000' })]);
    expect(odd!.path).toBe('/a\uFFFDb');
    expect(JSON.parse(odd!.metadata!)).toMatchObject({ request_id: 'id\uFFFD', user_agent: 'half \uFFFD pair' });
  });

  it('never takes more bytes than maxEncodedBytes says, whatever the path, user agent and ids hold', () => {
    const user = 'c0a80101-0000-4000-8000-000000000001';
    const worst = [
      event(),
      event({ 1: 'recommendation_requested', 2: user, 3: user, 4: user, 5: 'OPTIONS', 8: 123456.789, 12: 4 }),
      // Every kind of character at its longest: COPY escapes, JSON escapes escaped again, 3-byte UTF-8, lone surrogates.
      event({ 6: '\\\\\t\n€\ud800'.repeat(400), 11: '\u0001"\\\\\n€\udfff'.repeat(85), 10: '\u0002'.repeat(128) }),
      event({ 6: '€'.repeat(2048), 11: '\u001f'.repeat(512), 2: user }),
    ];
    for (const one of worst) expect(encodeRequestBatch([one]).length).toBeLessThanOrEqual(maxEncodedBytes(one));
    // The largest event a request can make leaves room for hundreds in one message.
    expect(Math.floor(MAX_BATCH_BYTES / maxEncodedBytes(worst[3]!))).toBeGreaterThan(300);
  });

  it('writes times as ISO 8601 in UTC across second boundaries, and a time Date cannot hold as now', () => {
    const times = decode([event({ 9: AT - 8 }), event({ 9: AT + 993 }), event({ 9: AT + 1000 })]).map((row) => row.created_at);
    expect(times).toEqual(['2026-11-24T09:30:14.999Z', '2026-11-24T09:30:16.000Z', '2026-11-24T09:30:16.007Z']);
    const [broken] = decode([event({ 9: Number.NaN })]);
    expect(Math.abs(Date.parse(broken!.created_at!) - Date.now())).toBeLessThan(60_000);
  });
});
