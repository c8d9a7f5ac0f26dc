/** shared/dates.ts: every date Equip shows, in the organisation's time zone; calendar days the same everywhere. */
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayAndTime, formatShortDay, formatYearMonth, isKnownTimeZone } from '../../shared/dates';

describe('dates in the organisation’s time zone', () => {
  const lateEvening = '2025-03-03T23:30:00Z';

  it('shows one instant as the day it is in the configured time zone', () => {
    expect(formatDay(lateEvening, 'UTC')).toBe('3 March 2025');
    expect(formatDay(lateEvening, 'Europe/Berlin')).toBe('4 March 2025');
    expect(formatDay(new Date(lateEvening), 'America/New_York')).toBe('3 March 2025');
    expect(formatShortDay(lateEvening, 'Europe/Berlin')).toBe('4 Mar 2025');
    expect(formatDayAndTime(lateEvening, 'Europe/Berlin')).toBe('4 Mar, 00:30:00');
  });

  it('shows a calendar day and a month as they are, whatever the time zone', () => {
    expect(formatDay('2025-03-03', 'Pacific/Kiritimati')).toBe('3 March 2025');
    expect(formatDay('2025-03-03', 'Pacific/Pago_Pago')).toBe('3 March 2025');
    expect(formatYearMonth('2021-09')).toBe('September 2021');
    expect(formatYearMonth('autumn')).toBe('autumn');
  });

  it('shows what is not a date as it is, and knows time zone names', () => {
    expect(formatDay('not a date', 'UTC')).toBe('not a date');
    expect(isKnownTimeZone('Europe/London')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
