import { Field, TextField } from '@/components/ui/field';
import { cardCount, fulfilmentFields, type CollectionTime, type DayOption, type FulfilmentChoice } from '@/lib/core';

type ChoiceField = keyof FulfilmentChoice;

/** The fields drawn apart from the text boxes (the method, the day and the time). */
const WHEN_FIELDS = new Set<ChoiceField>(['method', 'date', 'slot', 'collection_time']);

export interface ChoiceBoxesProps {
  /** The form's own id, which each box's id starts with. */
  id: string;
  choice: Required<FulfilmentChoice>;
  /** The server's (or the core's) sentences, by `fulfilment.NAME`. */
  errors: Record<string, string>;
  onChange: (name: ChoiceField, value: string) => void;
}

/**
 * A florist's choice's boxes besides its method, day and time (the recipient, the address, the
 * instructions and the card), those the core lists for the chosen method: an order taken by
 * phone and an order's changed choice draw the same boxes.
 */
export function ChoiceBoxes({ id, choice, errors, onChange }: ChoiceBoxesProps) {
  const delivering = choice.method === 'delivery';
  const shown = fulfilmentFields().filter((field) => !WHEN_FIELDS.has(field.name) && (delivering ? field.delivery : field.collection));
  return shown.map((field) => {
    const name = field.name;
    const error = errors[`fulfilment.${name}`];
    if (name === 'instructions' || name === 'card_message') {
      const count = name === 'card_message' && choice.card_message ? cardCount(choice.card_message) : null;
      return (
        <Field key={name} id={`${id}-${name}`} label={field.label} error={error} hint={count?.text} className="phone-order__wide">
          {(control) => (
            <textarea
              {...control}
              className="field__input"
              rows={name === 'card_message' ? 4 : 2}
              maxLength={field.maxLength}
              value={choice[name]}
              onChange={(event) => onChange(name, event.target.value)}
            />
          )}
        </Field>
      );
    }
    return (
      <TextField
        key={name}
        id={`${id}-${name}`}
        label={field.label}
        type={name === 'recipient_phone' ? 'tel' : 'text'}
        autoComplete="off"
        maxLength={field.maxLength}
        value={choice[name] ?? ''}
        onValueChange={(value) => onChange(name, value)}
        error={error}
        className={name === 'address_line1' || name === 'address_line2' ? 'phone-order__wide' : undefined}
      />
    );
  });
}

export interface CollectionTimeFieldProps {
  id: string;
  label: string;
  value: string;
  /** The times the chosen day offers. */
  times: readonly CollectionTime[];
  /** The order's booked time, kept on offer (said so) when the day no longer offers it. */
  booked?: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The collection time of a florist's choice, from the day's times. */
export function CollectionTimeField({ id, label, value, times, booked, error, onChange }: CollectionTimeFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} className="field__select" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{times.length ? 'Choose a time' : 'No times left that day'}</option>
          {booked !== undefined && !times.some((t) => t.value === booked) && <option value={booked}>{booked} (as booked)</option>}
          {times.map((time) => (
            <option key={time.value} value={time.value}>
              {time.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface DayFieldProps {
  id: string;
  label: string;
  value: string;
  /** The days the studio's settings offer for the method. */
  days: readonly DayOption[];
  /** The order's booked day (its date and how it reads), kept on offer and said so even once it is past its cut-off. */
  booked?: { date: string; label: string };
  error?: string;
  onChange: (date: string) => void;
}

/** The day of a florist's choice, from the days offered; those not offered say why. */
export function DayField({ id, label, value, days, booked, error, onChange }: DayFieldProps) {
  const isBooked = (date: string) => date === booked?.date;
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} className="field__select" value={value} onChange={(event) => onChange(event.target.value)}>
          {booked && !days.some((day) => isBooked(day.date)) && <option value={booked.date}>{booked.label} (as booked)</option>}
          {days.map((day) => (
            <option key={day.date} value={day.date} disabled={!day.available && !isBooked(day.date)}>
              {day.label}
              {isBooked(day.date) ? ' (as booked)' : day.reason ? ` · ${day.reason}` : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
