import type { OpeningHoursRow } from './studio-facts';
import './opening-hours.css';

/**
 * The studio's opening hours as a list of days and times; `className` adds how it looks where
 * it stands. `null` until the studio's facts arrive: three rows' room, no times that may be wrong.
 */
export function OpeningHours({ hours, className }: { hours: readonly OpeningHoursRow[] | null; className?: string }) {
  const classes = ['opening-hours', className].filter(Boolean).join(' ');
  if (!hours) return <div className={`${classes} opening-hours--pending`} aria-hidden="true" />;
  return (
    <dl className={classes}>
      {hours.map((row) => (
        <div key={row.days}>
          <dt>{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The days the studio is open, as words: "Monday to Friday 07:30–18:00 and Saturday 08:00–16:00". */
export function openHoursSentence(hours: readonly OpeningHoursRow[]): string {
  return hours
    .filter((row) => row.hours !== 'Closed')
    .map((row) => `${row.days} ${row.hours}`)
    .join(' and ');
}
