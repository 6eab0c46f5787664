import { longDate } from './built-in-layout';

describe('the built-in layout’s dates', () => {
  it('shows the day in the plan’s time zone, UTC when none is given', () => {
    // 23:30 UTC is already the next day in Tokyo and still the same day in New York.
    expect(longDate('2026-11-23T23:30:00.000Z')).toBe('23 November 2026');
    expect(longDate('2026-11-23T23:30:00.000Z', 'Asia/Tokyo')).toBe('24 November 2026');
    expect(longDate('2026-11-24T03:00:00.000Z', 'America/New_York')).toBe('23 November 2026');
  });

  it('shows a value that is no date as it is', () => {
    expect(longDate('not a date', 'Europe/Berlin')).toBe('not a date');
  });
});
