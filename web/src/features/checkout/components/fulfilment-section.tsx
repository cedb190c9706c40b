import { useId, type Ref } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { Fact, type SiteFacts } from '@/components/ui/studio-facts';
import { fulfilmentFields, recipientFields, type FulfilmentFieldInfo, type Method } from '@/lib/core';
import type { ChoiceField, UseFulfilment } from '../hooks/use-fulfilment';
import { CheckoutStep } from '@/components/ui/checkout-step';
import { DayPicker } from './day-picker';
import { PostcodeWord } from './postcode-check';
import '@/components/ui/tile.css';
import './fulfilment.css';

export interface FulfilmentSectionProps {
  step: number;
  fulfilment: UseFulfilment;
  /** Whether the studio's delivery settings (and so the rules) are here yet. */
  status: 'loading' | 'loaded' | 'failed';
  /** Whether the items alone reach the free-delivery threshold. */
  free: boolean;
  /** The studio's postcode district, where collections are made (`BS14`). */
  studioDistrict: string;
  /** The studio's facts (its address, its phone); null until they arrive. */
  site: SiteFacts | null;
  /** Each control that can be at fault, by its wire name, so the page can focus the first. */
  fieldRef: (field: ChoiceField) => Ref<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>;
}

/** A field's words and limit, as the core gives them. */
function info(name: ChoiceField): FulfilmentFieldInfo {
  const found = fulfilmentFields().find((field) => field.name === name);
  if (!found) throw new Error(`The core has no field ${name}`);
  return found;
}

/** The two ways: delivery in Bristol, or collection from the studio. */
interface MethodChoiceProps {
  method: string;
  studioDistrict: string;
  onChoose: (method: Method) => void;
  focusRef: Ref<HTMLInputElement>;
}

function MethodChoice({ method, studioDistrict, onChoose, focusRef }: MethodChoiceProps) {
  const name = useId();
  const ways: { method: Method; title: string; detail: string }[] = [
    { method: 'delivery', title: 'Delivery', detail: 'By our own driver, across Bristol' },
    { method: 'collection', title: 'Collection', detail: `Free, from our studio in ${studioDistrict}` },
  ];
  return (
    <fieldset className="choice-group">
      <legend className="visually-hidden">Delivery or collection</legend>
      <div className="method-choice">
        {ways.map((way) => (
          <label key={way.method} className="tile choice-tile method-choice__way">
            <input
              type="radio"
              name={name}
              value={way.method}
              checked={method === way.method}
              ref={way.method === 'delivery' ? focusRef : undefined}
              onChange={() => onChoose(way.method)}
            />
            <span className="choice-tile__title">{way.title}</span>
            <span className="choice-tile__detail">{way.detail}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step 2 of the checkout: how, when and to whom. */
export function FulfilmentSection({ step, fulfilment, status, free, studioDistrict, site, fieldRef }: FulfilmentSectionProps) {
  const { choice, view, errors, setField, setMethod, setDate, deliverToMe, setDeliverToMe, sent } = fulfilment;
  const delivering = choice.method === 'delivery';
  const slotName = useId();
  const instructions = info('instructions');

  const text = (name: ChoiceField, extra: { autoComplete?: string; type?: string; className?: string; hint?: string } = {}) => {
    const field = info(name);
    return (
      <TextField
        id={`choice-${name}`}
        name={name}
        label={field.label}
        maxLength={field.maxLength}
        required={field.required}
        aria-required={field.required || undefined}
        value={choice[name]}
        onValueChange={(value) => setField(name, value)}
        error={errors[name]}
        ref={fieldRef(name)}
        {...extra}
      />
    );
  };

  // The days open for the method chosen, as each method's part of the form names them.
  const days = (legend: string) => (
    <DayPicker legend={legend} days={view.days} chosen={choice.date} onChoose={setDate} error={errors.date} focusRef={fieldRef('date')} />
  );

  return (
    <CheckoutStep step={step} title="Delivery or collection" testId="fulfilment">
      {status === 'loading' && <p className="checkout-section__quiet">Finding the days we can bring your flowers…</p>}
      {status === 'failed' && (
        <p className="checkout-section__quiet">
          We couldn’t load our delivery days. Please reload the page, or call us on <Fact site={site} show={(s) => s.phone} chars={13} />.
        </p>
      )}

      {status === 'loaded' && (
        <div className="fulfilment">
          <MethodChoice method={choice.method} studioDistrict={studioDistrict} onChoose={setMethod} focusRef={fieldRef('method')} />

          {delivering ? (
            <>
              <div className="fulfilment__part">
                <h3 className="fulfilment__heading">Who are they for?</h3>
                <label className="check-row">
                  <input type="checkbox" checked={deliverToMe} onChange={(event) => setDeliverToMe(event.target.checked)} />
                  <span>Deliver to me, at the address in my details</span>
                </label>
                {deliverToMe ? (
                  <div className="fulfilment__to-me">
                    <p className="checkout-section__quiet" data-testid="deliver-to-me">
                      {[sent.address_line1, sent.city, sent.postcode].filter((part) => part.trim()).join(', ') ||
                        'Fill in your address in your details above.'}
                    </p>
                    {recipientFields().filter((field) => errors[field])
                      .map((field) => (
                        <p key={field} className="field__error">
                          {errors[field]}
                        </p>
                      ))}
                  </div>
                ) : (
                  <div className="checkout-grid checkout-grid--two">
                    {text('recipient_name', { autoComplete: 'off' })}
                    {text('recipient_phone', { type: 'tel', autoComplete: 'off', hint: 'Helps the driver if nobody answers the door.' })}
                    {text('address_line1', { className: 'checkout-grid__wide', autoComplete: 'off' })}
                    {text('address_line2', { className: 'checkout-grid__wide', autoComplete: 'off' })}
                    {text('city', { autoComplete: 'off' })}
                    {text('postcode', { autoComplete: 'off' })}
                  </div>
                )}
                <PostcodeWord check={view.postcode} free={free} onCollect={() => setMethod('collection')} />
              </div>

              <div className="fulfilment__part">
                <h3 className="fulfilment__heading">When?</h3>
                {days('Delivery day')}
                {view.slots.length > 0 && (
                  <fieldset className="choice-group" aria-describedby={errors.slot ? 'choice-slot-error' : undefined}>
                    <legend className="field__label">{info('slot').label}</legend>
                    <div className="slot-choice">
                      {view.slots.map((slot, at) => (
                        <label key={slot.name} className="tile choice-tile" data-unavailable={!slot.available || undefined}>
                          <input
                            type="radio"
                            name={slotName}
                            value={slot.name}
                            checked={choice.slot === slot.name}
                            disabled={!slot.available}
                            ref={at === 0 ? fieldRef('slot') : undefined}
                            onChange={() => setField('slot', slot.name)}
                          />
                          <span className="choice-tile__title">{slot.label}</span>
                          {(slot.reason || Number(slot.surcharge) === 0) && (
                            <span className="choice-tile__detail">{slot.reason ?? 'No extra charge'}</span>
                          )}
                        </label>
                      ))}
                    </div>
                    {errors.slot && (
                      <p id="choice-slot-error" className="field__error">
                        {errors.slot}
                      </p>
                    )}
                  </fieldset>
                )}
              </div>

              <Field id="choice-instructions" label={instructions.label} error={errors.instructions} hint="Where to leave them if nobody answers, a gate code…">
                {(control) => (
                  <textarea
                    {...control}
                    ref={fieldRef('instructions')}
                    className="field__input"
                    rows={2}
                    maxLength={instructions.maxLength}
                    value={choice.instructions}
                    onChange={(event) => setField('instructions', event.target.value)}
                  />
                )}
              </Field>
            </>
          ) : (
            <div className="fulfilment__part">
              <address className="fulfilment__studio">
                {site ? site.address.map((line) => <span key={line}>{line}</span>) : <Fact site={site} show={(s) => s.name} chars={24} />}
              </address>
              {days('Collection day')}
              <Field id="choice-collection_time" label={info('collection_time').label} error={errors.collection_time}>
                {(control) => (
                  <select
                    {...control}
                    ref={fieldRef('collection_time')}
                    className="field__select"
                    required
                    value={choice.collection_time}
                    onChange={(event) => setField('collection_time', event.target.value)}
                  >
                    <option value="">{view.times.length ? 'Choose a time' : 'No times left that day'}</option>
                    {view.times.map((time) => (
                      <option key={time.value} value={time.value}>
                        {time.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          )}
        </div>
      )}
    </CheckoutStep>
  );
}
