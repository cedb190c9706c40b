import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import type { SiteFacts } from '@/components/ui/studio-facts';
import type { Cart } from '@/lib/api-client';
import { deliversFree, money, unixSeconds } from '@/lib/core';
import { useDeliveryState } from '@/lib/delivery';
import type { CardPayer } from '@/components/payment/card-payer';
import { CardSection } from '@/components/payment/card-section';
import { ThreeDSecureDialog } from '@/components/payment/three-d-secure-dialog';
import { usePaymentSetup } from '@/components/payment/use-payment-setup';
import { useCheckout, useCustomerForm, type CheckoutField } from '../hooks/use-checkout';
import { itemsTotal, useFulfilment, useNow, type ChoiceField, type UseFulfilment } from '../hooks/use-fulfilment';
import { useJudgedCodes } from '../hooks/use-judged-codes';
import { usePaymentIntentCheck, type OrderedCart } from '../hooks/use-payment-setup';
import { useRefreshOnReturn } from '../hooks/use-refresh-on-return';
import { useCodes } from '../hooks/use-codes';
import { CodeField } from '@/components/codes/code-field';
import { clearDraft } from '../hooks/checkout-draft';
import { CardMessage } from './card-message';
import { CustomerFields } from './customer-fields';
import { FulfilmentSection } from './fulfilment-section';
import { checkoutTotal, OrderSummary } from './order-summary';
import { hasCodes } from '@/components/codes/codes-api';
import { PostcodeFirst } from './postcode-check';
import './checkout.css';

export interface CheckoutProps {
  /** The shopper's cart as the cart feature holds it. */
  cart: Cart | null;
  cartStatus: 'loading' | 'loaded' | 'error';
  clearCart: () => void;
  /** Fetches the cart again (it may have changed in another tab). */
  refreshCart: () => void;
  /** The studio's facts (its address for collections, its phone); null until they arrive. */
  site: SiteFacts | null;
}

/**
 * The checkout page's body. With nothing to pay for (an empty cart, or one that could not be
 * fetched) the shopper goes back to the cart; otherwise the form, the card and the summary.
 */
export function Checkout({ cart, cartStatus, clearCart, refreshCart, site }: CheckoutProps) {
  const navigate = useNavigate();
  // Once the order exists the cart is cleared: that empty cart is no reason to leave for /cart.
  const placed = useRef(false);
  const onPlaced = useCallback(() => {
    placed.current = true;
  }, []);
  const empty = cartStatus === 'error' || (cartStatus === 'loaded' && (!cart || cart.items.length === 0));

  useEffect(() => {
    if (empty && !placed.current) navigate('/cart', { replace: true });
  }, [empty, navigate]);

  if (cartStatus === 'loading') return <PageLoading label="Fetching your cart…" />;
  if (!cart || cart.items.length === 0) return <PageLoading label="Taking you to your cart…" />;
  return <CheckoutForm key={cart.id} cart={cart} clearCart={clearCart} refreshCart={refreshCart} onPlaced={onPlaced} site={site} />;
}

/** "Delivery on Monday 14 December, Morning" or "Collection on Monday 14 December at 10:30", as far as chosen. */
function describeChoice({ choice, view }: UseFulfilment): string | null {
  const day = view.days.find((option) => option.date === choice.date)?.label;
  if (!day) return null;
  if (choice.method === 'delivery') return `Delivery on ${day}${choice.slot ? `, ${choice.slot}` : ''}`;
  return `Collection from the studio on ${day}${choice.collection_time ? ` at ${choice.collection_time}` : ''}`;
}

interface CheckoutFormProps {
  cart: Cart;
  clearCart: () => void;
  refreshCart: () => void;
  onPlaced: () => void;
  site: SiteFacts | null;
}

function CheckoutForm({ cart, clearCart, refreshCart, onPlaced, site }: CheckoutFormProps) {
  const [payer, setPayer] = useState<CardPayer | null>(null);
  const [ordered, setOrderedCart] = useState<OrderedCart | null>(null);
  // The cart is an order already: what was typed for it is done with.
  const setOrdered = useCallback((cart: OrderedCart) => {
    clearDraft();
    setOrderedCart(cart);
  }, []);
  const { setup, retry } = usePaymentSetup();
  const refunded = usePaymentIntentCheck(cart.id, setOrdered);
  const delivery = useDeliveryState(cart.id);
  const customer = useCustomerForm();
  const { form, setField, fieldErrors } = customer;
  // "Deliver to me" reads the shopper's details as they type them.
  const fulfilment = useFulfilment(cart, delivery.data?.rules ?? null, form);
  const totals = fulfilment.view.totals;
  const onCart = useCodes(cart.id, fulfilment.sent);
  // The codes judged in the page by the core's rules (the checkout's wasm module) for the day,
  // slot and way shown: a change of day re-judges a code at once, without asking the server.
  const now = unixSeconds(useNow());
  const judged = useJudgedCodes(onCart.codes, totals, itemsTotal(cart), fulfilment.sent, now);
  const codes = { ...onCart, codes: judged };
  // The cart changed while the page is open (another tab, then a refresh): the lines a code is
  // judged on are the server's, so they are asked for again.
  const lines = cart.items.map((item) => `${item.id}:${item.quantity}:${item.line_total}`).join(',');
  const seenLines = useRef(lines);
  const { refresh: refreshCodes } = onCart;
  const codeIsOn = hasCodes(onCart.codes);
  useEffect(() => {
    if (seenLines.current === lines) return;
    seenLines.current = lines;
    if (codeIsOn) refreshCodes();
  }, [lines, codeIsOn, refreshCodes]);
  const reckoned = hasCodes(judged) ? judged : null;
  // With a code on, what the card is charged is core's reckoning, the same function check_intent's.
  const total = reckoned ? money(reckoned.to_pay) : totals ? money(totals.total) : checkoutTotal(cart);
  const nothingToPay = !!reckoned && Number(reckoned.to_pay) === 0;
  const { problem, submitting, submit, authentication } = useCheckout({
    cart,
    payer,
    customer,
    fulfilment: delivery.data ? fulfilment : null,
    shownTotal: total,
    refreshCart,
    clearCart,
    onPlaced,
    onOrdered: setOrdered,
    nothingToPay,
    codeOn: !!reckoned,
    onCodeRefused: codes.refresh,
  });

  const controls = useRef(new Map<string, HTMLElement>());
  const keep = useCallback(
    (key: string) => (element: HTMLElement | null) => {
      if (element) controls.current.set(key, element);
      else controls.current.delete(key);
    },
    [],
  );
  const fieldRef = useCallback((field: CheckoutField) => keep(`customer.${field}`), [keep]);
  const choiceRef = useCallback((field: ChoiceField) => keep(`choice.${field}`), [keep]);
  const problemBox = useRef<HTMLDivElement>(null);
  // Back from another tab, where the cart may have changed: the summary shows it as it is now.
  useRefreshOnReturn(refreshCart, submitting);

  // After a failed submit: the first field at fault takes focus, or else the message itself.
  useEffect(() => {
    if (!problem) return;
    const target = problem.field ? controls.current.get(`${problem.field.form}.${problem.field.name}`) : problemBox.current;
    (target ?? problemBox.current)?.focus();
  }, [problem]);

  const free = delivery.data ? deliversFree(delivery.data.rules, itemsTotal(cart)) : false;

  if (ordered) {
    return (
      <div className="checkout form-aside">
        <div className="notice checkout__ordered" role="status" data-testid="checkout-ordered">
          <p>{ordered.message}</p>
          {ordered.link && (
            <p>
              <Link
                to={ordered.link}
                className="button"
                onClick={() => {
                  onPlaced();
                  clearCart();
                }}
              >
                See your order
              </Link>
            </p>
          )}
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <div className="checkout form-aside">
      <OrderSummary
        cart={cart}
        totals={totals}
        when={describeChoice(fulfilment)}
        method={fulfilment.choice.method}
        site={site}
        codes={reckoned}
        codeField={<CodeField codes={codes} />}
      />

      <form className="checkout__form form-aside__form" noValidate onSubmit={onSubmit} aria-describedby="checkout-required-note" aria-busy={submitting}>
        {refunded && (
          <div className="notice checkout__refunded" role="status" data-testid="checkout-refunded">
            <p>{refunded}</p>
          </div>
        )}
        <p id="checkout-required-note" className="checkout__note">
          Fields not marked optional are needed to make and bring your order.
        </p>

        <PostcodeFirst
          rules={delivery.data?.rules ?? null}
          leadDays={cart.lead_days ?? 0}
          postcode={fulfilment.deliverToMe ? form.postcode : fulfilment.choice.postcode}
          onPostcode={(value) => (fulfilment.deliverToMe ? setField('postcode', value) : fulfilment.setField('postcode', value))}
          free={free}
          onCollect={() => fulfilment.setMethod('collection')}
        />
        <CustomerFields form={form} errors={fieldErrors} onChange={setField} fieldRef={fieldRef} />
        <FulfilmentSection
          step={2}
          fulfilment={fulfilment}
          status={delivery.status}
          free={free}
          studioDistrict={delivery.data?.settings.studio_district ?? ''}
          site={site}
          fieldRef={choiceRef}
        />
        <CardMessage step={3} fulfilment={fulfilment} fieldRef={choiceRef} />
        {nothingToPay ? (
          <div className="notice" role="status" data-testid="checkout-voucher-covers">
            <p>Your gift voucher covers the whole order, so there is no card to pay with.</p>
          </div>
        ) : (
          <CardSection step={4} setup={setup} onReady={setPayer} onRetry={retry} />
        )}

        <div ref={problemBox} className="checkout__problem" tabIndex={-1} role="alert" aria-live="assertive" aria-atomic="true">
          {problem && (
            <div className="notice notice--error">
              <p className="checkout__problem-text">{problem.message}</p>
            </div>
          )}
        </div>

        <button type="submit" className="button button--block checkout__pay" disabled={submitting}>
          {submitting ? 'Processing…' : nothingToPay ? 'Place order' : `Pay ${total}`}
        </button>
        <p className="checkout__secure">
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          Payment is encrypted. Your card is charged only once you press Pay.
        </p>
        <p className="checkout__privacy">
          We use your details only to make and deliver this order: see <Link to="/privacy">how we look after them</Link>.
        </p>
      </form>

      {authentication && <ThreeDSecureDialog onAnswer={authentication.resolve} />}
    </div>
  );
}
