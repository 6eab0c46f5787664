import { monthOf, monthsToPrepare, parseRetention, partitionNameOf, retentionCutoff } from './partitions';

const at = (iso: string) => new Date(iso);

describe('activity_events partitions by month', () => {
  it('prepares the current UTC month and the three after it, named by year and month', () => {
    // Late on 31 December in UTC is already January in Berlin: the month is UTC's.
    const months = monthsToPrepare(at('2026-12-31T23:30:00Z'));
    expect(months.map(partitionNameOf)).toEqual([
      'activity_events_p2026_12',
      'activity_events_p2027_01',
      'activity_events_p2027_02',
      'activity_events_p2027_03',
    ]);
    expect(months[0]).toEqual({ start: at('2026-12-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
    expect(monthOf(at('2027-02-10T00:00:00Z'), -14)).toEqual({ start: at('2025-12-01T00:00:00Z'), end: at('2026-01-01T00:00:00Z') });
  });

  it('cuts off whole calendar months to the day (the last day of a shorter month), or days', () => {
    expect(retentionCutoff(at('2026-11-27T21:05:00.123Z'), { months: 13, days: 0 })).toEqual(at('2025-10-27T21:05:00.123Z'));
    expect(retentionCutoff(at('2027-03-31T08:00:00Z'), { months: 1, days: 0 })).toEqual(at('2027-02-28T08:00:00Z'));
    expect(retentionCutoff(at('2028-03-31T08:00:00Z'), { months: 13, days: 0 })).toEqual(at('2027-02-28T08:00:00Z'));
    expect(retentionCutoff(at('2026-11-27T00:00:00Z'), { months: 0, days: 400 })).toEqual(at('2025-10-23T00:00:00Z'));
  });

  it('reads ACTIVITY_RETENTION in months, years or days, from a month (or 28 days) to a century, or off', () => {
    expect(parseRetention('13mo')).toEqual({ months: 13, days: 0 });
    expect(parseRetention(' 2Y ')).toEqual({ months: 24, days: 0 });
    expect(parseRetention('400d')).toEqual({ months: 0, days: 400 });
    expect(parseRetention('off')).toBe('off');
    expect(parseRetention('1mo')).toEqual({ months: 1, days: 0 });
    expect(parseRetention('28d')).toEqual({ months: 0, days: 28 });
    expect(parseRetention('100y')).toEqual({ months: 1200, days: 0 });
    expect(parseRetention('36525d')).toEqual({ months: 0, days: 36_525 });
    // The longest ones still give a valid cutoff.
    expect(retentionCutoff(at('2026-11-27T00:00:00Z'), parseRetention('100y') as { months: number; days: number })).toEqual(
      at('1926-11-27T00:00:00Z'),
    );
    for (const nonsense of ['', '13', '0mo', '27d', '13m', '-1mo', '1.5mo', 'forever', '13 months', '101y', '1201mo', '36526d', '999999y'])
      expect(parseRetention(nonsense)).toBeUndefined();
  });
});
