import { isUuid } from '@evalplan/common';
import { isStorableJson, toStorableRequest } from './events';

describe('activity batches', () => {
  it('tells which JSON batches PostgreSQL takes as sent', () => {
    expect(isStorableJson(JSON.stringify([[null, 'api_request', '/api/v1/ping', 'Mozilla/5.0 ü 😀']]))).toBe(true);
    expect(isStorableJson(JSON.stringify([['a\u0000b']]))).toBe(false);
    expect(isStorableJson(JSON.stringify([['half \ud800 pair']]))).toBe(false);
    expect(isStorableJson(JSON.stringify([['other half \udc00']]))).toBe(false);
  });

  it('makes any request storable: ids checked, text cleaned and capped, numbers sane', () => {
    const event = toStorableRequest([
      'not-a-uuid',
      '',
      'admin',
      'x'.repeat(500),
      null,
      'GET',
      `/a\u0000b${'p'.repeat(5000)}`,
      'oops',
      -1,
      8.64e15 + 1,
      42,
      `${'u'.repeat(511)}😀`,
      2.5,
    ]);
    const [id, type, user, session, project, method, path, status, duration, createdAtMs, requestId, userAgent, step] = event;
    expect(isUuid(id!)).toBe(true);
    expect(id![14]).toBe('7');
    expect([type, user, project, method, status, duration, requestId, step]).toEqual([
      'api_request',
      null,
      null,
      'GET',
      null,
      null,
      '',
      null,
    ]);
    expect(session).toHaveLength(128);
    expect(path.startsWith('/a\uFFFDb')).toBe(true);
    expect(path).toHaveLength(2048);
    expect(Math.abs(createdAtMs - Date.now())).toBeLessThan(60_000);
    // Cut at 512 UTF-16 units, the emoji's first half would be left alone: PostgreSQL refuses that.
    expect(userAgent).toBe(`${'u'.repeat(511)}\uFFFD`);
    expect(isStorableJson(JSON.stringify([event]))).toBe(true);
  });

  it('keeps what is already storable as sent', () => {
    const sent = [
      '01a2099c-57f8-7d0e-b7fb-8c4874202dbd',
      'wizard_step_saved',
      'C0A80101-0000-4000-8000-000000000001',
      null,
      null,
      'PUT',
      '/api/v1/sessions/x/steps/2',
      200,
      1.25,
      1_795_000_000_000,
      'req-1',
      'curl/8',
      2,
    ];
    const event = toStorableRequest(sent);
    expect(event).toEqual([...sent.slice(0, 2), 'c0a80101-0000-4000-8000-000000000001', ...sent.slice(3)]);
    expect(toStorableRequest(null)[1]).toBe('api_request');
  });
});
