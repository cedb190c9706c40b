import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { Field, TextField } from '@/components/ui/field';
import {
  cartTotal,
  checkoutFields,
  emptyChoice,
  fulfilmentFields,
  money,
  unixSeconds,
  type DeliveryRules,
  type FulfilmentChoice,
  type FulfilmentFieldInfo,
  type Method,
} from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { SubmitButton } from '@/components/ui/submit-button';
import { listShelf, studioDelivery, takeOrder, type ShelfProduct } from '../api/orders-api';
import { ChoiceBoxes, CollectionTimeField, DayField } from './choice-boxes';
import './orders.css';
import './phone-order.css';

type ChoiceField = keyof FulfilmentChoice;
/** The choice as it is posted: every field a string, as the core reads it. */
type Choice = Required<FulfilmentChoice>;

/** The summary when sentences stand beside the fields; it goes once they are all seen to. */
const FIELDS_MARKED = 'Please check the fields marked below.';

/** Suggestions for how it was paid; the studio may write anything. */
const PAYMENT_SUGGESTIONS = ['Card on the phone', 'Cash', 'Bank transfer'];

interface Customer {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  payment_note: string;
}

interface Line {
  key: number;
  productId: string;
  sizeId: string;
  quantity: string;
}

/** The limit of a customer field: the checkout's fields have the same limits as the studio order's in core. */
function customerLimit(wire: string): number | undefined {
  return checkoutFields().find((field) => field.wire === wire)?.maxLength;
}

function info(name: ChoiceField): FulfilmentFieldInfo | undefined {
  return fulfilmentFields().find((field) => field.name === name);
}

/** The unit price of a line as the shelf has it now (the server prices it again). */
function unitPrice(products: readonly ShelfProduct[], line: Line): string | null {
  const product = products.find((p) => String(p.id) === line.productId);
  if (!product) return null;
  if (product.sizes.length === 0) return product.price;
  return product.sizes.find((size) => String(size.id) === line.sizeId)?.price ?? null;
}

export interface PhoneOrderProps {
  onSignedOut: () => void;
  /** Told when an order was taken (the menu's count changes). */
  onChanged: () => void;
}

/**
 * An order taken by phone or in the studio: who it is for, how it was paid, what they want and
 * when and where it goes. The day, time and address are checked by the core as the shop checks
 * them (without the products' notice or the slots' capacities, as the server does); the rest by
 * the server, whose sentences show beside each field. Nothing typed is lost on a refusal.
 */
export function PhoneOrder({ onSignedOut, onChanged }: PhoneOrderProps) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const shelf = useQuery('studio-shelf', (signal) => listShelf(signal), { onError });
  const rules = useQuery('studio-delivery', (signal) => studioDelivery(signal), { onError });

  if (shelf.status === 'loading' || rules.status === 'loading') return <AdminLoading>Getting the shelf and the delivery days…</AdminLoading>;
  if (shelf.status === 'error' || rules.status === 'error') {
    return (
      <AdminRetry
        onRetry={() => {
          shelf.retry();
          rules.retry();
        }}
      >
        We couldn’t load the products or the delivery days.
      </AdminRetry>
    );
  }
  return <PhoneOrderForm products={shelf.data} rules={rules.data} onChanged={onChanged} onSignedOut={() => lost()} />;
}

interface PhoneOrderFormProps {
  products: readonly ShelfProduct[];
  rules: DeliveryRules;
  onChanged: () => void;
  onSignedOut: () => void;
}

function PhoneOrderForm({ products, rules, onChanged, onSignedOut }: PhoneOrderFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<Customer>({ first_name: '', last_name: '', phone: '', email: '', payment_note: '' });
  const [lines, setLines] = useState<Line[]>([{ key: 1, productId: '', sizeId: '', quantity: '1' }]);
  const [choice, setChoice] = useState<Choice>(() => ({ ...emptyChoice(), method: 'delivery' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const nextKey = useRef(2);
  // The moment the lists are read at: the page's own clock, once a render.
  const now = unixSeconds();

  const delivering = choice.method === 'delivery';
  const days = useMemo(() => rules.days(choice.method as Method, now, 0), [rules, choice.method, now]);
  // Until the studio picks a day, the first that can be had.
  const date = choice.date || days.find((day) => day.available)?.date || '';
  const slots = useMemo(() => (delivering && date ? rules.slots(date, now) : []), [rules, delivering, date, now]);
  const slot = slots.some((s) => s.name === choice.slot && s.available) ? choice.slot : (slots.find((s) => s.available)?.name ?? '');
  const times = useMemo(() => (!delivering && date ? rules.collectionTimes(date, now) : []), [rules, delivering, date, now]);
  const sent: Choice = { ...choice, date, slot };

  const chosen = lines.filter((line) => line.productId);
  const priced = chosen.map((line) => ({ price: unitPrice(products, line), quantity: Math.max(0, Math.trunc(Number(line.quantity)) || 0) }));
  const items = cartTotal(priced.filter((line): line is { price: string; quantity: number } => line.price !== null && line.quantity > 0));
  const check = rules.check(sent, now, 0, items);

  const forget = (...names: string[]) =>
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });

  const setCustomerField = (name: keyof Customer, value: string) => {
    setCustomer((current) => ({ ...current, [name]: value }));
    forget(name);
  };
  const setChoiceField = (name: ChoiceField, value: string) => {
    setChoice((current) => ({ ...current, [name]: value }));
    forget(`fulfilment.${name}`);
  };
  const setLine = (at: number, change: Partial<Line>) => {
    setLines((current) => current.map((line, i) => (i === at ? { ...line, ...change } : line)));
    forget(`items.${at}`, 'items');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    // The core's sentences about the day, time and address, at once; the server adds its own.
    const local: Record<string, string> = {};
    for (const [name, why] of Object.entries(check.fields)) if (why) local[`fulfilment.${name}`] = why;
    // Lines without a product are left out; `items.N` from the server names the line sent N-th.
    const rows = lines.map((line, at) => ({ line, at })).filter(({ line }) => line.productId);
    try {
      const taken = await takeOrder({
        ...customer,
        items: rows.map(({ line }) => ({
          product_id: Number(line.productId),
          size_id: line.sizeId ? Number(line.sizeId) : null,
          quantity: Math.max(0, Math.trunc(Number(line.quantity)) || 0),
        })),
        fulfilment: sent,
      });
      onChanged();
      navigate(`/admin/orders/${taken.id}`);
    } catch (cause) {
      setBusy(false);
      if (cause instanceof SignedOut) return onSignedOut();
      const fields: Record<string, string> = { ...local };
      if (cause instanceof CallRefused) {
        for (const [name, why] of Object.entries(cause.fields)) {
          const line = /^items\.(\d+)$/.exec(name);
          const row = line ? rows[Number(line[1])] : undefined;
          fields[row ? `items.${row.at}` : name] = why;
        }
        // Beside the fields, each sentence says what to do; the summary only points to them.
        setProblem(Object.keys(fields).length > 0 ? FIELDS_MARKED : cause.message);
      } else {
        setProblem('The order could not be sent just now. Please try again.');
      }
      setErrors(fields);
      summary.current?.focus();
    }
  };

  const customerBox = (name: keyof Customer, label: string, extra: { type?: string; autoComplete?: string; list?: string; hint?: string } = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={customer[name]}
      maxLength={customerLimit(name)}
      onValueChange={(value) => setCustomerField(name, value)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <form className="phone-order" onSubmit={submit} noValidate>
      <div ref={summary} tabIndex={-1} className="phone-order__summary">
        {problem && (Object.keys(errors).length > 0 || problem !== FIELDS_MARKED) && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
      </div>

      <fieldset className="phone-order__part">
        <legend className="phone-order__legend">Customer</legend>
        <div className="phone-order__grid">
          {customerBox('first_name', 'First name', { autoComplete: 'off' })}
          {customerBox('last_name', 'Last name', { autoComplete: 'off' })}
          {customerBox('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
          {customerBox('email', 'Email (optional)', { type: 'email', autoComplete: 'off', hint: 'Given, they get the order’s mails.' })}
          {customerBox('payment_note', 'How it was paid', { list: `${id}-paid`, hint: 'For example: Card on the phone, Cash, Bank transfer.' })}
          <datalist id={`${id}-paid`}>
            {PAYMENT_SUGGESTIONS.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        </div>
      </fieldset>

      <fieldset className="phone-order__part" aria-describedby={errors.items ? `${id}-items-error` : undefined}>
        <legend className="phone-order__legend">Items</legend>
        <ol className="phone-order__lines">
          {lines.map((line, at) => {
            const product = products.find((p) => String(p.id) === line.productId);
            const lineError = errors[`items.${at}`];
            const price = unitPrice(products, line);
            return (
              <li key={line.key} className="phone-line">
                <Field id={`${id}-line-${line.key}-product`} label={`Item ${at + 1}`} error={lineError} className="phone-line__product">
                  {(control) => (
                    <select
                      {...control}
                      className="field__select"
                      value={line.productId}
                      onChange={(event) => setLine(at, { productId: event.target.value, sizeId: '' })}
                    >
                      <option value="">Choose a product</option>
                      {products.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                          {p.sizes.length === 0 && ` · ${money(p.price)} · ${p.stock > 0 ? `${p.stock} in stock` : 'sold out'}`}
                          {!p.visible && ' (hidden)'}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                {product && product.sizes.length > 0 && (
                  <Field id={`${id}-line-${line.key}-size`} label="Size" className="phone-line__size">
                    {(control) => (
                      <select {...control} className="field__select" value={line.sizeId} onChange={(event) => setLine(at, { sizeId: event.target.value })}>
                        <option value="">Choose a size</option>
                        {product.sizes.map((size) => (
                          <option key={size.id} value={size.id}>
                            {size.size} · {money(size.price)} · {size.stock > 0 ? `${size.stock} in stock` : 'sold out'}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                )}
                <TextField
                  id={`${id}-line-${line.key}-quantity`}
                  label="Quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  className="phone-line__quantity"
                  value={line.quantity}
                  onValueChange={(value) => setLine(at, { quantity: value })}
                />
                <div className="phone-line__end spread">
                  <span className="phone-line__price">{price ? money(price) : ''}</span>
                  {lines.length > 1 && (
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      onClick={() => {
                        setLines((current) => current.filter((_, i) => i !== at));
                        // Line faults are by position: they no longer point at the right lines.
                        setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith('items.'))));
                      }}
                    >
                      Remove{' '}<span className="visually-hidden">item {at + 1}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        {errors.items && (
          <p id={`${id}-items-error`} className="field__error">
            {errors.items}
          </p>
        )}
        <button
          type="button"
          className="button button--quiet button--small phone-order__add"
          onClick={() => {
            setLines((current) => [...current, { key: nextKey.current++, productId: '', sizeId: '', quantity: '1' }]);
            forget('items');
          }}
        >
          Add another item
        </button>
      </fieldset>

      <fieldset className="phone-order__part">
        <legend className="phone-order__legend">Delivery or collection</legend>
        <div className="phone-order__methods" role="radiogroup" aria-label="Delivery or collection">
          {(['delivery', 'collection'] as const).map((method) => (
            <label key={method} className="check-row phone-order__method">
              <input
                type="radio"
                name={`${id}-method`}
                checked={choice.method === method}
                onChange={() => {
                  setChoice((current) => ({ ...current, method, date: '', slot: '', collection_time: '' }));
                  forget('fulfilment.method', 'fulfilment.date', 'fulfilment.slot', 'fulfilment.collection_time');
                }}
              />
              <span>{method === 'delivery' ? 'Delivery' : 'Collection from the studio'}</span>
            </label>
          ))}
        </div>
        {errors['fulfilment.method'] && <p className="field__error">{errors['fulfilment.method']}</p>}
        <div className="phone-order__grid">
          <DayField
            id={`${id}-date`}
            label={delivering ? 'Delivery day' : 'Collection day'}
            value={date}
            days={days}
            error={errors['fulfilment.date']}
            onChange={(chosen) => {
              setChoice((current) => ({ ...current, date: chosen, slot: '', collection_time: '' }));
              forget('fulfilment.date', 'fulfilment.slot', 'fulfilment.collection_time');
            }}
          />
          {delivering ? (
            <Field id={`${id}-slot`} label={info('slot')?.label ?? 'Delivery time'} error={errors['fulfilment.slot']}>
              {(control) => (
                <select {...control} className="field__select" value={slot} onChange={(event) => setChoiceField('slot', event.target.value)}>
                  {slots.length === 0 && <option value="">No times that day</option>}
                  {slots.map((option) => (
                    <option key={option.name} value={option.name} disabled={!option.available}>
                      {option.label}
                      {option.reason ? ` · ${option.reason}` : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <CollectionTimeField
              id={`${id}-time`}
              label={info('collection_time')?.label ?? 'Collection time'}
              value={choice.collection_time}
              times={times}
              error={errors['fulfilment.collection_time']}
              onChange={(value) => setChoiceField('collection_time', value)}
            />
          )}
          <ChoiceBoxes id={id} choice={choice} errors={errors} onChange={setChoiceField} />
        </div>
      </fieldset>

      <div className="phone-order__end spread">
        <p className="phone-order__total" aria-live="polite">
          {check.totals ? (
            <>
              Total <strong data-testid="phone-order-total">{money(check.totals.total)}</strong>
              {check.totals.delivery !== '0.00' && <span className="admin-quiet"> (with {money(check.totals.delivery)} delivery)</span>}
            </>
          ) : (
            <>
              Items <strong>{money(items)}</strong>
            </>
          )}
        </p>
        <div className="admin-actions">
          <SubmitButton busy={busy} busyText="Taking the order…">
            Take the order
          </SubmitButton>
          <Link to="/admin/orders" className="button button--quiet">
            Cancel
          </Link>
        </div>
      </div>
    </form>
  );
}
