import { isUuid, uuidv7 } from './ids';

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
