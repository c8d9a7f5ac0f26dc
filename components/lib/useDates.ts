import { usePage } from '@inertiajs/react';
import { formatDay, formatDayAndTime, formatShortDay } from '../../shared/dates';

/** shared/dates.ts in the organisation's time zone (the `timeZone` shared prop): '3 March 2025', '3 Mar 2025', '23 Nov, 18:04:05'. */
export function useDates() {
  const timeZone = usePage().props.timeZone;
  return {
    day: (value: string) => formatDay(value, timeZone),
    shortDay: (value: string) => formatShortDay(value, timeZone),
    dayAndTime: (value: string) => formatDayAndTime(value, timeZone),
  };
}
