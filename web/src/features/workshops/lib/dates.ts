// Dates as the workshop card writes them. The API sends plain days (YYYY-MM-DD), read as
// calendar days: no time zone can move them.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

function parseDay(iso: string): { year: number; month: number; day: number; weekday: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day, weekday: date.getUTCDay() };
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "2026-12-05" → "Saturday 5 December 2026"; anything else is shown as it came. */
export function longDate(iso: string): string {
  const day = parseDay(iso);
  if (!day) return iso;
  return `${WEEKDAYS[day.weekday]} ${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
}

/** "2026-11-20" → "November 20th", as the spec writes the balance's due date. */
export function monthAndOrdinalDay(iso: string): string {
  const day = parseDay(iso);
  if (!day) return iso;
  return `${MONTHS[day.month - 1]} ${ordinal(day.day)}`;
}
