import { canonicalTimeZone, formatGoDate } from './go-date';

/** 23:30 UTC on 23 November: already the 24th in Berlin and Tokyo, still the 23rd in New York. */
const lateEvening = new Date('2026-11-23T23:30:05.250Z');

describe('Go date layouts in a time zone', () => {
  it('shows UTC when no zone is named, as before', () => {
    expect(formatGoDate(lateEvening, 'January 2, 2006 15:04 MST')).toBe('November 23, 2026 23:30 UTC');
    expect(formatGoDate(lateEvening, '2006-01-02T15:04:05.000Z07:00')).toBe('2026-11-23T23:30:05.250Z');
  });

  it("shows the date and time a clock in the template's zone shows, with its offset and abbreviation", () => {
    expect(formatGoDate(lateEvening, 'Monday, January 2, 2006 15:04 MST -07:00', 'Europe/Berlin')).toBe(
      'Tuesday, November 24, 2026 00:30 GMT+1 +01:00',
    );
    expect(formatGoDate(lateEvening, 'Mon Jan _2 3:04PM -0700', 'America/New_York')).toBe('Mon Nov 23 6:30PM -0500');
    expect(formatGoDate(lateEvening, '2006-01-02T15:04:05Z07:00', 'Asia/Kolkata')).toBe('2026-11-24T05:00:05+05:30');
    // Summer time: Berlin is two hours ahead in July.
    expect(formatGoDate(new Date('2026-07-01T12:00:00Z'), '15:04 -07:00', 'Europe/Berlin')).toBe('14:00 +02:00');
  });

  it('knows IANA zone names in any case, and nothing else', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });
});
