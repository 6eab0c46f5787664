import { isUuid, uuidv7, uuidv7HexBatch } from './ids';

describe('uuidv7', () => {
  it('makes valid, unique version 7 UUIDs that sort by time', () => {
    const earlier = uuidv7(1_700_000_000_000);
    const later = uuidv7(1_700_000_000_001);
    expect(isUuid(earlier)).toBe(true);
    expect(earlier[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(earlier[19]);
    expect(earlier.slice(0, 13)).toBe('018bcfe5-6800');
    expect(later > earlier).toBe(true);
    const many = new Set(Array.from({ length: 5000 }, () => uuidv7()));
    expect(many.size).toBe(5000);
  });
});

describe('uuidv7HexBatch', () => {
  it('makes one version 7 UUID per time, as 32 hex digits, unique and in time order', () => {
    const times = Array.from({ length: 2000 }, (_, i) => 1_700_000_000_000 + Math.floor(i / 10));
    const ids = uuidv7HexBatch(times);
    expect(ids).toHaveLength(2000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
      expect(isUuid(`${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`)).toBe(true);
    }
    expect(ids[0]!.slice(0, 12)).toBe('018bcfe56800');
    expect(ids[1999]!.slice(0, 12)).toBe((1_700_000_000_199).toString(16).padStart(12, '0'));
    expect(new Set(ids).size).toBe(2000);
    expect(uuidv7HexBatch([])).toEqual([]);
  });
});
