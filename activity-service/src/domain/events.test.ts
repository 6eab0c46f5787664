import { isUuid } from '@evalplan/common/input';
import { copyField } from './copy-text';
import { parseFrontendEvent, parseRequestRows, toCopyLine, toStorableRow } from './events';

const row = (columns: Array<string | number | null>): string => `${columns.map(copyField).join('\t')}\n`;

describe('activity batches read back for repair', () => {
  it('keeps a row that is already storable as sent', () => {
    const sent = [
      '01a2099c57f87d0eb7fb8c4874202dbd',
      'wizard_step_saved',
      'C0A80101-0000-4000-8000-000000000001',
      'c0a80101-0000-4000-8000-000000000002',
      null,
      'PUT',
      '/api/v1/sessions/x/steps/2',
      200,
      1.25,
      '{"request_id":"req-1","actor_type":"user","user_agent":"curl/8","step_number":2}',
      '2026-11-24T09:30:15.007Z',
    ];
    expect(parseRequestRows(row(sent))).toEqual([
      {
        id: '01a2099c57f87d0eb7fb8c4874202dbd',
        event_type: 'wizard_step_saved',
        user_id: 'c0a80101-0000-4000-8000-000000000001',
        session_id: 'c0a80101-0000-4000-8000-000000000002',
        project_id: null,
        method: 'PUT',
        path: '/api/v1/sessions/x/steps/2',
        status_code: 200,
        duration_ms: 1.25,
        metadata: { request_id: 'req-1', actor_type: 'user', user_agent: 'curl/8', step_number: 2 },
        created_at: '2026-11-24T09:30:15.007Z',
      },
    ]);
  });

  it('makes any row storable: ids checked, text cleaned and capped, numbers and times sane', () => {
    const stored = toStorableRow([
      'not-a-uuid',
      '',
      'admin',
      'x'.repeat(500),
      null,
      'GET',
      `/a\u0000b${'p'.repeat(5000)}`,
      'oops',
      '-1',
      `{"user_agent":"${'u'.repeat(10)}\\u0000","k\\ud800":["\\udc00"]}`,
      '10000-01-01T00:00:00Z',
    ]);
    expect(isUuid(stored.id)).toBe(true);
    expect(stored.id[14]).toBe('7');
    expect(stored).toMatchObject({
      event_type: 'api_request',
      user_id: null,
      project_id: null,
      method: 'GET',
      status_code: null,
      duration_ms: null,
    });
    expect(stored.session_id).toHaveLength(128);
    expect(stored.path.startsWith('/a\uFFFDb')).toBe(true);
    expect(stored.path).toHaveLength(2048);
    expect(stored.metadata).toEqual({ user_agent: `${'u'.repeat(10)}\uFFFD`, 'k\uFFFD': ['\uFFFD'] });
    expect(Math.abs(Date.parse(stored.created_at) - Date.now())).toBeLessThan(60_000);
    // The cut counts characters, as the limits do: an emoji is one, and never cut in half (PostgreSQL refuses a half).
    expect(toStorableRow(['', 'x'.repeat(127) + '😀']).event_type).toBe(`${'x'.repeat(127)}😀`);
    expect(toStorableRow(['', 'x'.repeat(127) + '😀😀']).event_type).toBe(`${'x'.repeat(127)}😀`);
  });

  it('takes metadata only when it is a JSON object', () => {
    for (const metadata of [null, '', 'not json', '[1,2]', '"text"', '42', `{"big":"${'x'.repeat(17 * 1024)}"}`]) {
      expect(toStorableRow(['', 'api_request', null, null, null, 'GET', '/', '200', '1', metadata, null]).metadata).toEqual({});
    }
  });

  it('refuses a batch whose rows do not have the columns of activity_events', () => {
    expect(() => parseRequestRows('{"not": "rows"}\n')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(parseRequestRows('')).toEqual([]);
  });

  it('writes a client-reported event as the COPY line a batch would carry, so a spooled one is stored unchanged', () => {
    const row = parseFrontendEvent(
      { type: 'page.view', sessionId: 'a\tb', page: '/wizard\\2\nnext', metadata: { note: 'tab\there', nested: { n: 1 } } },
      { userId: 'C0A80101-0000-4000-8000-000000000001', requestId: 'req-7', userAgent: 'agent\r\n' },
    );
    const line = toCopyLine(row);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\n\r]/);
    expect(parseRequestRows(line)).toEqual([row]);
  });
});

describe('client-reported events', () => {
  it('stores the request id and user agent of any caller as text PostgreSQL can hold', () => {
    const event = parseFrontendEvent({ type: 'page_view' }, { userId: '', requestId: 'req\u0000\ud800', userAgent: 'agent\u0000/\udc00' });
    expect(event.metadata).toMatchObject({ request_id: 'req\uFFFD\uFFFD', user_agent: 'agent\uFFFD/\uFFFD' });
  });
});
