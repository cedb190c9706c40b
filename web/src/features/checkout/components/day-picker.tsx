import { useId, useState, type Ref } from 'react';
import type { DayOption } from '@/lib/core';

/** How many days the list shows at first, and how many more each press of "Later days" adds. */
const PAGE = 14;

export interface DayPickerProps {
  legend: string;
  days: readonly DayOption[];
  chosen: string;
  onChoose: (date: string) => void;
  error?: string;
  /** The radio that takes focus when the day is at fault: the chosen one, or the first open. */
  focusRef: Ref<HTMLInputElement>;
}

/** "Monday 14 December" → its parts as the day's tile shows them. */
function parts(label: string): { weekday: string; day: string; month: string } {
  const [weekday = '', day = '', month = ''] = label.split(' ');
  return { weekday: weekday.slice(0, 3), day, month: month.slice(0, 3) };
}

/**
 * The days as a calendar of tiles, two weeks at a time: days that cannot be had are shown, dimmed,
 * with the core's reason ("Closed on Sundays", "Order by 12:00 for same-day delivery"), and
 * cannot be chosen. Arrow keys move between the open days, as in any group of radio buttons.
 */
export function DayPicker({ legend, days, chosen, onChoose, error, focusRef }: DayPickerProps) {
  const id = useId();
  const chosenAt = days.findIndex((day) => day.date === chosen);
  const [shown, setShown] = useState(() => Math.max(PAGE, Math.ceil((chosenAt + 1) / 7) * 7));
  const visible = days.slice(0, Math.max(shown, chosenAt + 1));
  const focusAt = chosenAt >= 0 ? chosenAt : days.findIndex((day) => day.available);
  const errorId = `${id}-error`;

  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="day-picker">
        {visible.map((day, at) => {
          const { weekday, day: number, month } = parts(day.label);
          const reasonId = `${id}-${day.date}`;
          return (
            <label key={day.date} className="tile day-tile" data-unavailable={!day.available || undefined}>
              <input
                type="radio"
                name={`${id}-day`}
                value={day.date}
                aria-label={day.label}
                checked={day.date === chosen}
                disabled={!day.available}
                aria-invalid={error && day.date === chosen ? true : undefined}
                aria-describedby={day.reason ? reasonId : undefined}
                ref={at === focusAt ? focusRef : undefined}
                onChange={() => onChoose(day.date)}
              />
              <span className="day-tile__weekday" aria-hidden="true">
                {weekday}
              </span>
              <span className="day-tile__number" aria-hidden="true">
                {number}
              </span>
              <span className="day-tile__month" aria-hidden="true">
                {month}
              </span>
              {day.reason && (
                <span id={reasonId} className="day-tile__reason">
                  {day.reason}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {visible.length < days.length && (
        <button type="button" className="button button--quiet button--small day-picker__more" onClick={() => setShown((n) => n + PAGE)}>
          Later days
        </button>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
