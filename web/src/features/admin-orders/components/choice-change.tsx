import { useId, useMemo, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { emptyChoice, unixSeconds, type DeliveryRules, type Method } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { changeChoice, studioDelivery, type OrderDetail, type StudioFulfilment } from '../api/orders-api';
import { ChoiceBoxes, CollectionTimeField, DayField } from './choice-boxes';
import './phone-order.css';

// Every field a string, as the core reads it.
type Choice = { [Name in keyof StudioFulfilment]-?: string };
type ChoiceField = keyof Choice;

/** The order's choice as the form starts from it. */
function choiceOf(order: OrderDetail): Choice {
  const booked = order.fulfilment;
  const choice = emptyChoice();
  for (const name of Object.keys(choice) as ChoiceField[]) choice[name] = booked?.[name] ?? '';
  return { ...choice, method: booked?.method ?? 'collection' };
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

  return (
    <form className="choice-change" aria-label={delivering ? 'Change the delivery' : 'Change the collection'} onSubmit={submit} noValidate>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {errors['fulfilment.method'] && <p className="field__error">{errors['fulfilment.method']}</p>}
      <div className="phone-order__grid">
        <DayField
          id={`${id}-date`}
          label={delivering ? 'Delivery day' : 'Collection day'}
          value={choice.date}
          days={days}
          booked={{ date: booked.date, label: order.fulfilment?.day ?? '' }}
          error={errors['fulfilment.date']}
          onChange={(date) => {
            setChoice((current) => ({
              ...current,
              date,
              slot: date === booked.date ? booked.slot : '',
              collection_time: date === booked.date ? booked.collection_time : '',
            }));
            setErrors({});
          }}
        />
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
          <CollectionTimeField
            id={`${id}-time`}
            label="Collection time"
            value={choice.collection_time}
            times={times}
            booked={onBookedDay ? booked.collection_time : undefined}
            error={errors['fulfilment.collection_time']}
            onChange={(value) => set('collection_time', value)}
          />
        )}
        <ChoiceBoxes id={id} choice={choice} errors={errors} onChange={set} />
      </div>
      <div className="admin-actions">
        <SubmitButton busy={busy}>
          Save the change
        </SubmitButton>
        <button type="button" className="button button--quiet" onClick={onCancel} disabled={busy}>
          Keep it as it was
        </button>
      </div>
    </form>
  );
}
