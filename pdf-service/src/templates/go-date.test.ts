import { cachedFormatterCount, canonicalTimeZone, formatGoDate } from './go-date';

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

  it('accepts aliases ICU knows, in their canonical spelling', () => {
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('etc/utc')).toBe('UTC');
    expect(formatGoDate(lateEvening, '15:04 MST', 'us/pacific')).toBe('15:30 PST');
  });

  it('keeps one formatter per zone however many spellings of it clients send', () => {
    const before = cachedFormatterCount();
    formatGoDate(lateEvening, '15:04', 'Europe/Berlin');
    formatGoDate(lateEvening, '15:04', 'US/Pacific');
    const zones = cachedFormatterCount();
    const spellings = ['europe/berlin', 'us/pacific'].flatMap((name) =>
      Array.from({ length: 500 }, (_, i) => Array.from(name, (c, j) => ((i >> (j % 9)) & 1 ? c.toUpperCase() : c)).join('')),
    );
    for (const spelling of spellings) {
      expect(canonicalTimeZone(spelling)).toMatch(/^(Europe\/Berlin|America\/Los_Angeles)$/);
      formatGoDate(lateEvening, '15:04', spelling);
    }
    expect(zones - before).toBeLessThanOrEqual(2);
    expect(cachedFormatterCount()).toBe(zones);
  });

  it('prints years before 100 and before year 1 as Go does', () => {
    expect(formatGoDate(new Date('0050-06-15T12:00:00Z'), 'Mon 2006-01-02 06 -07:00', 'UTC')).toBe('Wed 0050-06-15 50 +00:00');
    expect(formatGoDate(new Date('0050-06-15T12:00:00Z'), '2006-01-02 15:04 -07:00', 'Europe/Berlin')).toBe('0050-06-15 12:53 +00:53');
    // 50 BC is year -49 (1 BC is year 0); Berlin kept local mean time then.
    expect(formatGoDate(new Date('-000049-03-01T00:00:00Z'), '2006-01-02 06 Mon', 'UTC')).toBe('-0049-03-01 49 Thu');
  });

  it('prints the abbreviation ICU has in US English, else the offset from GMT (documented: Go would print CET)', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(formatGoDate(winter, 'MST', 'America/New_York')).toBe('EST');
    expect(formatGoDate(summer, 'MST', 'America/Los_Angeles')).toBe('PDT');
    expect(formatGoDate(winter, 'MST', 'Europe/Berlin')).toBe('GMT+1');
    expect(formatGoDate(summer, 'MST', 'Europe/Berlin')).toBe('GMT+2');
    expect(formatGoDate(winter, 'MST', 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(formatGoDate(winter, 'MST', 'Etc/UTC')).toBe('UTC');
  });
});
