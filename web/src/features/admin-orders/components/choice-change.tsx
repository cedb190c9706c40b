import { useId, useMemo, useState, type FormEvent } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { cardCount, fulfilmentFields, unixSeconds, type DeliveryRules, type FulfilmentFieldInfo, type Method } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { changeChoice, studioDelivery, type OrderDetail, type StudioFulfilment } from '../api/orders-api';
import './phone-order.css';

// Every field a string, as the core reads it.
type Choice = { [Name in keyof StudioFulfilment]-?: string };
type ChoiceField = keyof Choice;

/** The fields drawn apart from the text boxes (the method, the day and the time). */
const WHEN_FIELDS = new Set<string>(['method', 'date', 'slot', 'collection_time']);

/** The order's choice as the form starts from it. */
function choiceOf(order: OrderDetail): Choice {
  const f = order.fulfilment;
  return {
    method: f?.method ?? 'collection',
    date: f?.date ?? '',
    slot: f?.slot ?? '',
    collection_time: f?.collection_time ?? '',
    recipient_name: f?.recipient_name ?? '',
    recipient_phone: f?.recipient_phone ?? '',
    address_line1: f?.address_line1 ?? '',
    address_line2: f?.address_line2 ?? '',
    city: f?.city ?? '',
    postcode: f?.postcode ?? '',
    instructions: f?.instructions ?? '',
    card_message: f?.card_message ?? '',
    card_from: f?.card_from ?? '',
  };
}

export interface ChoiceChangeProps {
  order: OrderDetail;
  /** Saved: the order as it now is. */
  onSaved: (order: OrderDetail) => void;
  onCancel: () => void;
  /** Someone else changed the order meanwhile: the page reads it again (this form keeps what was typed). */
  onStale: () => void;
  onSignedOut: () => void;
}

/**
 * The customer rang: the order's day, time, address or card changed. The lists offer what the
 * studio's settings allow (the booked day and time stay offered even once past their cut-off);
 * the server checks it all again as the checkout does, places left included, and its sentences
 * stand by their fields. The form says which version of the order it started from: when someone
 * else changed the order meanwhile, it is refused in words and what was typed stays.
 */
export function ChoiceChange(props: ChoiceChangeProps) {
  const rules = useQuery('studio-delivery', studioDelivery);
  if (rules.status === 'loading') return <p className="admin-quiet">Reading the studio’s days…</p>;
  if (rules.status === 'error') {
    return (
      <p className="notice notice--error" role="alert">
        The studio’s days could not be read.{' '}
        <button type="button" className="button button--quiet button--small" onClick={rules.retry}>
          Try again
        </button>
      </p>
    );
  }
  return <ChoiceForm {...props} rules={rules.data} />;
}

function ChoiceForm({ order, rules, onSaved, onCancel, onStale, onSignedOut }: ChoiceChangeProps & { rules: DeliveryRules }) {
  const id = useId();
  const booked = useMemo(() => choiceOf(order), [order]);
  const [choice, setChoice] = useState<Choice>(booked);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = unixSeconds();
  const delivering = choice.method === 'delivery';
  const method = choice.method as Method;
  const days = useMemo(() => rules.days(method, now, 0), [rules, method, now]);
  const slots = useMemo(() => (delivering && choice.date ? rules.slots(choice.date, now) : []), [rules, delivering, choice.date, now]);
  const times = useMemo(() => (!delivering && choice.date ? rules.collectionTimes(choice.date, now) : []), [rules, delivering, choice.date, now]);
  const onBookedDay = choice.date === booked.date;

  const set = (name: ChoiceField, value: string) => {
    setChoice((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const key = `fulfilment.${name}`;
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onSaved(await changeChoice(order.id, order.version, choice));
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      if (cause instanceof CallRefused) {
        setProblem(cause.message);
        setErrors(cause.fields);
        if (cause.changed) onStale();
      } else {
        setProblem('The change could not be saved just now. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const box = (field: FulfilmentFieldInfo) => {
    const name = field.name as ChoiceField;
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
              onChange={(event) => set(name, event.target.value)}
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
        value={choice[name]}
        onValueChange={(value) => set(name, value)}
        error={error}
        className={name === 'address_line1' || name === 'address_line2' ? 'phone-order__wide' : undefined}
      />
    );
  };
  const shown = fulfilmentFields().filter((field) => !WHEN_FIELDS.has(field.name) && (delivering ? field.delivery : field.collection));

  return (
    <form className="choice-change" aria-label={delivering ? 'Change the delivery' : 'Change the collection'} onSubmit={submit} noValidate>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {errors['fulfilment.method'] && <p className="field__error">{errors['fulfilment.method']}</p>}
      <div className="phone-order__grid">
        <Field id={`${id}-date`} label={delivering ? 'Delivery day' : 'Collection day'} error={errors['fulfilment.date']}>
          {(control) => (
            <select
              {...control}
              className="field__select"
              value={choice.date}
              onChange={(event) => {
                const date = event.target.value;
                setChoice((current) => ({
                  ...current,
                  date,
                  slot: date === booked.date ? booked.slot : '',
                  collection_time: date === booked.date ? booked.collection_time : '',
                }));
                setErrors({});
              }}
            >
              {!days.some((day) => day.date === booked.date) && <option value={booked.date}>{order.fulfilment?.day} (as booked)</option>}
              {days.map((day) => (
                <option key={day.date} value={day.date} disabled={!day.available && day.date !== booked.date}>
                  {day.label}
                  {day.date === booked.date ? ' (as booked)' : day.reason ? ` · ${day.reason}` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        {delivering ? (
          <Field id={`${id}-slot`} label="Delivery time" error={errors['fulfilment.slot']}>
            {(control) => (
              <select {...control} className="field__select" value={choice.slot} onChange={(event) => set('slot', event.target.value)}>
                <option value="">{slots.length ? 'Choose a time' : 'No times that day'}</option>
                {onBookedDay && !slots.some((s) => s.name === booked.slot) && <option value={booked.slot}>{booked.slot} (as booked)</option>}
                {slots.map((option) => {
                  const kept = onBookedDay && option.name === booked.slot;
                  return (
                    <option key={option.name} value={option.name} disabled={!option.available && !kept}>
                      {option.label}
                      {kept ? ' (as booked)' : option.reason ? ` · ${option.reason}` : ''}
                    </option>
                  );
                })}
              </select>
            )}
          </Field>
        ) : (
          <Field id={`${id}-time`} label="Collection time" error={errors['fulfilment.collection_time']}>
            {(control) => (
              <select {...control} className="field__select" value={choice.collection_time} onChange={(event) => set('collection_time', event.target.value)}>
                <option value="">{times.length ? 'Choose a time' : 'No times left that day'}</option>
                {onBookedDay && !times.some((t) => t.value === booked.collection_time) && (
                  <option value={booked.collection_time}>{booked.collection_time} (as booked)</option>
                )}
                {times.map((time) => (
                  <option key={time.value} value={time.value}>
                    {time.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {shown.map(box)}
      </div>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save the change'}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel} disabled={busy}>
          Keep it as it was
        </button>
      </div>
    </form>
  );
}
