import type { OpeningHoursRow } from '@/config/studio';
import './opening-hours.css';

/** The studio's opening hours as a list of days and times; `className` adds how it looks where it stands. */
export function OpeningHours({ hours, className }: { hours: readonly OpeningHoursRow[]; className?: string }) {
  return (
    <dl className={['opening-hours', className].filter(Boolean).join(' ')}>
      {hours.map((row) => (
        <div key={row.days}>
          <dt>{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The days the studio is open, as words: "Monday to Friday 7:30–18:00 and Saturday 8:00–16:00". */
export function openHoursSentence(hours: readonly OpeningHoursRow[]): string {
  return hours
    .filter((row) => row.hours !== 'Closed')
    .map((row) => `${row.days} ${row.hours}`)
    .join(' and ');
}
