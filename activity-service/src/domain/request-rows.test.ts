import { loadProtos, type types } from '@evalplan/protos';
import { ACTIVITY_COLUMNS } from './activity-row';
import { readCopyRows } from './copy-text';
import { requestRows } from './request-rows';

const AT = Date.UTC(2026, 10, 24, 9, 30, 15, 7);
const ID = '01a2099c57f87d0eb7fb8c4874202dbd';

/** An event as RecordBatch hands it over: decoded from the wire, so the optional fields are absent, not empty. */
function event(fields: types.RequestEvent = {}): types.RequestEvent__Output {
  const { requestSerialize, requestDeserialize } = loadProtos().activity.ActivityService.RecordBatch;
  const sent = { id: ID, eventType: 'api_request', method: 'GET', path: '/api/v1/ping', statusCode: 200, durationMs: 0.25 };
  const wire = requestSerialize({ events: [{ ...sent, createdAtMs: AT, requestId: 'req-1', userAgent: 'curl/8.5', ...fields }] });
  const [decoded] = (requestDeserialize(wire) as types.RecordBatchRequest__Output).events;
  if (decoded === undefined) throw new Error('no event decoded');
  return decoded;
}

function decode(events: types.RequestEvent__Output[]): Array<Record<string, string | null>> {
  return readCopyRows(requestRows(events).toString('utf8')).map((columns) => {
    expect(columns).toHaveLength(ACTIVITY_COLUMNS.length);
    return Object.fromEntries(ACTIVITY_COLUMNS.map((name, i) => [name, columns[i] ?? null]));
  });
}

describe('request events as activity_events rows (COPY text)', () => {
  it('writes one row per event in the columns of activity_events, with the metadata the contract names', () => {
    const user = 'c0a80101-0000-4000-8000-000000000001';
    const session = 'c0a80101-0000-4000-8000-000000000002';
    const [anonymous, signedIn] = decode([
      event(),
      event({ eventType: 'wizard_step_saved', userId: user, sessionId: session, method: 'PUT', stepNumber: 2 }),
    ]);
    expect(anonymous).toEqual({
      id: ID,
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

  it('carries any path and user agent intact, with text PostgreSQL can store', () => {
    const path = "/api/v1/x\\y'; DROP TABLE activity_events;--/ü\t\n\\N";
    const userAgent = 'Agent "quoted" \\ tab\there \u0001 Ω';
    const [row] = decode([event({ path, userAgent })]);
    expect(row!.path).toBe(path);
    expect(JSON.parse(row!.metadata!).user_agent).toBe(userAgent);
    // NUL (no PostgreSQL text holds it) becomes U+FFFD; the JSON stays valid.
    const [odd] = decode([event({ path: '/a\u0000b', userAgent: 'nul\u0000', requestId: 'id\u0000' })]);
    expect(odd!.path).toBe('/a\uFFFDb');
    expect(JSON.parse(odd!.metadata!)).toMatchObject({ request_id: 'id\uFFFD', user_agent: 'nul\uFFFD' });
  });

  it('turns half surrogate pairs into U+FFFD', () => {
    // Not from the wire (protobuf decodes to well-formed text), but the rows must stay storable whatever they get.
    const [row] = decode([{ ...event(), path: '/half\ud800', userAgent: 'half \udfff pair' }]);
    expect(row!.path).toBe('/half\uFFFD');
    expect(JSON.parse(row!.metadata!).user_agent).toBe('half \uFFFD pair');
  });

  it('writes times as ISO 8601 in UTC across second boundaries, and a time Date cannot hold as now', () => {
    const times = decode([event({ createdAtMs: AT - 8 }), event({ createdAtMs: AT + 993 }), event({ createdAtMs: AT + 1000 })]);
    expect(times.map((row) => row.created_at)).toEqual([
      '2026-11-24T09:30:14.999Z',
      '2026-11-24T09:30:16.000Z',
      '2026-11-24T09:30:16.007Z',
    ]);
    const [broken] = decode([{ ...event(), createdAtMs: Number.MAX_VALUE }]);
    expect(Math.abs(Date.parse(broken!.created_at!) - Date.now())).toBeLessThan(60_000);
  });

  it('writes a duration that is no finite number as NULL', () => {
    const [row] = decode([event({ durationMs: Number.POSITIVE_INFINITY })]);
    expect(row!.duration_ms).toBeNull();
  });
});
