// The florist's choice on the checkout page: delivery or collection, the day and the slot or time,
// the recipient, instructions and the card. Every list, price and refusal comes from the core's
// rules in the browser (the studio's settings read into `Delivery`), at the page's clock, so the
// shopper sees them as they type; the server checks the same choice with the same code.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { draftDeliversToMe, draftOf, saveDraft } from './checkout-draft';
import type { Cart } from '@/lib/api-client';
import {
  cartTotal,
  deliverTo,
  emptyChoice,
  recipientFields,
  unixSeconds,
  type CheckoutForm,
  type CollectionTime,
  type DayOption,
  type DeliveryRules,
  type FulfilmentChoice,
  type Method,
  type PostcodeCheck,
  type SlotOption,
  type Totals,
} from '@/lib/core';

/** A field of the choice, by its wire name (as the core and the server name it). */
export type ChoiceField = keyof FulfilmentChoice;

export type Choice = Required<FulfilmentChoice>;

/** The choice a visit starts with: delivery, everything else blank (the core's empty choice). */
export function startingChoice(): Choice {
  return { ...emptyChoice(), method: 'delivery' };
}

/** Re-renders every half minute, so days and slots close at their cut-offs while the page is open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}


/** The items' total as the core adds it up, in wire form. */
export function itemsTotal(cart: Cart): string {
  return cartTotal(cart.items.map((item) => ({ price: item.variation_details?.price ?? item.product_details.price, quantity: item.quantity })));
}

/** The cheapest slot that can be had, for a day just chosen. */
function cheapestSlot(slots: readonly SlotOption[]): string {
  const open = slots.filter((slot) => slot.available);
  open.sort((a, b) => Number(a.surcharge) - Number(b.surcharge));
  return open[0]?.name ?? '';
}

/** What the page shows of the choice, as the core's rules answer at this moment. */
export interface ChoiceView {
  days: readonly DayOption[];
  slots: readonly SlotOption[];
  times: readonly CollectionTime[];
  /** What the core says of the delivery postcode (the recipient's, or the shopper's own). */
  postcode: PostcodeCheck | null;
  /** The order's totals when the choice passes the core's check; null until then. */
  totals: Totals | null;
  /** The core's sentence for each field at fault at this moment (shown only after a submit). */
  faults: Partial<Record<ChoiceField, string>>;
  /** The core's summary sentence when something is at fault. */
  fault: string | null;
}

export interface UseFulfilment {
  /** The choice as the page shows it: what the shopper picked, the first open day and the cheapest slot until they pick. */
  choice: Choice;
  deliverToMe: boolean;
  setDeliverToMe: (on: boolean) => void;
  setField: (field: ChoiceField, value: string) => void;
  setMethod: (method: Method) => void;
  setDate: (date: string) => void;
  /** Shown beside the fields: cleared one by one as the shopper edits them. */
  errors: Partial<Record<ChoiceField, string>>;
  setErrors: (errors: Partial<Record<ChoiceField, string>>) => void;
  view: ChoiceView;
  /** The choice as it is sent: with "Deliver to me", the shopper's details as the recipient. */
  sent: Choice;
}

/**
 * The choice's state and what the core says of it. `rules` is null while the studio's settings
 * load; `customer` is the shopper's own details, for "Deliver to me".
 */
export function useFulfilment(cart: Cart, rules: DeliveryRules | null, customer: CheckoutForm): UseFulfilment {
  // What was typed earlier in this visit (before "Edit cart", say) comes back.
  const [choice, setChoice] = useState<Choice>(() => {
    const starting = startingChoice();
    return { ...starting, ...draftOf('choice', starting) };
  });
  const [deliverToMe, setDeliverToMe] = useState(draftDeliversToMe);
  // The choice as picked, not as shown: a day the page filled in is filled in afresh next time.
  useEffect(() => saveDraft({ choice, deliverToMe }), [choice, deliverToMe]);
  const [errors, setErrors] = useState<Partial<Record<ChoiceField, string>>>({});
  const now = unixSeconds(useNow());
  const leadDays = cart.lead_days ?? 0;
  const items = itemsTotal(cart);

  const delivering = choice.method === 'delivery';
  const days = useMemo(() => (rules ? rules.days(choice.method as Method, now, leadDays) : []), [rules, choice.method, now, leadDays]);
  // Until the shopper picks a day, the first that can be had is theirs (after a change of method
  // too). A day picked that closes while the page is open stays picked, so the check says why.
  const date = choice.date || days.find((day) => day.available)?.date || '';
  const slots = useMemo(() => (rules && delivering && date ? rules.slots(date, now) : []), [rules, delivering, date, now]);
  // The slot picked, while it can be had that day; otherwise the cheapest that can.
  const slot = slots.some((option) => option.name === choice.slot && option.available) ? choice.slot : cheapestSlot(slots) || choice.slot;
  const shown: Choice = useMemo(() => ({ ...choice, date, slot }), [choice, date, slot]);

  const sent: Choice = useMemo(
    () => (deliverToMe && delivering ? { ...shown, ...deliverTo(customer) } : shown),
    [shown, customer, deliverToMe, delivering],
  );

  const view = useMemo<ChoiceView>(() => {
    const empty: ChoiceView = { days, slots, times: [], postcode: null, totals: null, faults: {}, fault: null };
    if (!rules) return empty;
    const times = !delivering && date ? rules.collectionTimes(date, now) : [];
    const postcode = delivering ? rules.checkPostcode(sent.postcode) : null;
    const checked = rules.check(sent, now, leadDays, items);
    return { days, slots, times, postcode, totals: checked.totals, faults: checked.fields, fault: checked.error };
  }, [rules, days, slots, delivering, date, sent, now, leadDays, items]);

  const forget = useCallback((...fields: ChoiceField[]) => {
    setErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  const setField = useCallback(
    (field: ChoiceField, value: string) => {
      setChoice((current) => ({ ...current, [field]: value }));
      forget(field);
    },
    [forget],
  );

  const setMethod = useCallback(
    (method: Method) => {
      // The day list differs by method: the day is chosen again from the new list.
      setChoice((current) => (current.method === method ? current : { ...current, method, date: '', slot: '', collection_time: '' }));
      forget('method', 'date', 'slot', 'collection_time');
    },
    [forget],
  );

  // A collection time belongs to its day: choosing another day (not the one shown) clears it.
  const setDate = useCallback(
    (picked: string) => {
      setChoice((current) => ({ ...current, date: picked, collection_time: picked === date ? current.collection_time : '' }));
      forget('date', 'slot', 'collection_time');
    },
    [forget, date],
  );

  const chooseDeliverToMe = useCallback(
    (on: boolean) => {
      setDeliverToMe(on);
      forget(...recipientFields());
    },
    [forget],
  );

  return { choice: shown, deliverToMe, setDeliverToMe: chooseDeliverToMe, setField, setMethod, setDate, errors, setErrors, view, sent };
}
