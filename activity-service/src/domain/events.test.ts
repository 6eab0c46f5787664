import { isStorableJson, toStorableRow } from './events';

describe('activity rows', () => {
  it('tells which JSON batches PostgreSQL takes as sent', () => {
    expect(isStorableJson(JSON.stringify([{ path: '/api/v1/ping', metadata: { ua: 'Mozilla/5.0 ü 😀' } }]))).toBe(true);
    expect(isStorableJson(JSON.stringify([{ path: 'a\u0000b' }]))).toBe(false);
    expect(isStorableJson(JSON.stringify([{ path: 'half \ud800 pair' }]))).toBe(false);
    expect(isStorableJson(JSON.stringify([{ path: 'other half \udc00' }]))).toBe(false);
  });

  it('makes any row storable: ids checked, text cleaned and capped, numbers sane', () => {
    const row = toStorableRow({
      id: 'not-a-uuid',
      event_type: '',
      user_id: 'admin',
      session_id: 'x'.repeat(500),
      path: `/a\u0000b${'p'.repeat(5000)}`,
      status_code: 'oops',
      duration_ms: -1,
      metadata: [1, 2],
      created_at: 'yesterday',
    });
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(row).toMatchObject({ event_type: 'api_request', user_id: null, status_code: null, duration_ms: null, metadata: {} });
    expect(row.session_id).toHaveLength(128);
    expect(row.path.startsWith('/a\uFFFDb')).toBe(true);
    expect(row.path).toHaveLength(2048);
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    expect(toStorableRow(null).event_type).toBe('api_request');
  });
});
