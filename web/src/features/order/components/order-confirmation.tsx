import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { AddressLines, EmailLink, PhoneLink, type SiteFacts } from '@/components/ui/studio-facts';
import { cartTotal, money } from '@/lib/core';
import type { Order } from '../api/order-api';
import { useOrder } from '../hooks/use-order';
import './order-confirmation.css';

/** A line's total added by the core, for an answer that did not carry one. */
function lineTotal(price: string, quantity: number): string | undefined {
  try {
    return cartTotal([{ price, quantity }]);
  } catch {
    return undefined;
  }
}

/**
 * The confirmation page's body: loading, the spec's error sentences, or the order. `site` is
 * the studio's facts (how to reach it), null until they arrive.
 */
export function OrderConfirmation({ orderId, token, site }: { orderId: string; token: string; site: SiteFacts | null }) {
  const state = useOrder(orderId, token);
  if (state.status === 'loading') return <PageLoading label="Fetching your order…" />;
  if (state.status !== 'loaded') return <OrderProblem message={state.message} expired={state.status === 'expired'} site={site} />;
  return <OrderDetails order={state.order} site={site} />;
}

function OrderProblem({ message, expired, site }: { message: string; expired: boolean; site: SiteFacts | null }) {
  return (
    <div className="order-problem" role="alert">
      <p className="order-problem__message">{message}</p>
      <p>
        {expired
          ? 'Your confirmation email has a fresh link. '
          : 'Your order is safe with us even if this page cannot show it. '}
        If you need a hand, call us on <PhoneLink site={site} /> or email <EmailLink site={site} />.
      </p>
      <Link to="/shop" className="button button--quiet">
        Back to the shop
      </Link>
    </div>
  );
}

function OrderDetails({ order, site }: { order: Order; site: SiteFacts | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const placed = order.placed_on;

  // The page changed under the shopper's hand: start reading from the thank-you.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="order-confirmation">
      <section className="order-confirmation__thanks" aria-labelledby="order-thanks-title">
        <span className="order-confirmation__bloom" aria-hidden="true" />
        <h2 id="order-thanks-title" ref={heading} tabIndex={-1} className="order-confirmation__title">
          Thank you, {order.first_name}!
        </h2>
        <p className="order-confirmation__lede">
          Your order is in and we’re already thinking about which stems to pick. We’ll be in touch before it leaves the
          studio.
        </p>
        <dl className="order-confirmation__facts">
          <div>
            <dt>Order number</dt>
            <dd data-testid="order-number">{order.order_id}</dd>
          </div>
          {placed && (
            <div>
              <dt>Placed</dt>
              <dd>{placed}</dd>
            </div>
          )}
          <div>
            <dt>Confirmation sent to</dt>
            <dd className="order-confirmation__email">{order.email}</dd>
          </div>
        </dl>
      </section>

      {order.progress?.length > 0 && <Progress order={order} site={site} />}

      <Card id="order-items-title" title="Your flowers">
        <ul className="order-confirmation__items" aria-label="Items in your order">
          {order.items.map((item, index) => (
            <li key={`${item.product_name}-${index}`} className="order-confirmation__item">
              <span className="order-confirmation__item-name">
                {item.product_name}
                <span className="order-confirmation__item-meta">
                  {item.quantity} × {money(item.product_price)}
                </span>
              </span>
              <span className="order-confirmation__item-total">
                {money(item.line_total ?? lineTotal(item.product_price, item.quantity))}
              </span>
            </li>
          ))}
        </ul>
        {charged(order.delivery_fee) && (
          <p className="order-confirmation__charge">
            <span>Delivery</span>
            <span data-testid="order-delivery-fee">{money(order.delivery_fee)}</span>
          </p>
        )}
        {charged(order.surcharge) && (
          <p className="order-confirmation__charge">
            <span>Delivery time</span>
            <span>{money(order.surcharge)}</span>
          </p>
        )}
        <p className="order-confirmation__total">
          <span>Total paid</span>
          <span data-testid="order-total">{money(order.total)}</span>
        </p>
      </Card>

      {order.fulfilment ? (
        <Handover choice={order.fulfilment} site={site} />
      ) : (
        // An order placed without a choice (a client of the specification's calls only) is
        // collected: the address it carries is the buyer's billing address, never where the
        // flowers go.
        <Card id="order-delivery-title" title="Collecting from the studio">
          <p className="order-confirmation__when" data-testid="order-when">
            We will call you to agree the day.
          </p>
          <address className="order-confirmation__address">
            <AddressLines site={site} />
          </address>
          <p className="order-confirmation__note">
            Something not right? Call us on <PhoneLink site={site} />.
          </p>
        </Card>
      )}

      {[order.address, order.city, order.postcode].some(Boolean) && (
        <Card id="order-billing-title" title="Billing address">
          <address className="order-confirmation__address">
            {order.first_name} {order.last_name}
            <br />
            {[order.address, order.city, order.postcode].filter(Boolean).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            {order.phone}
          </address>
        </Card>
      )}

      {order.fulfilment?.card_message && (
        <Card id="order-card-title" title="Your card">
          <p className="order-confirmation__card-message">{order.fulfilment.card_message}</p>
          <p className="order-confirmation__note">
            {order.fulfilment.card_from ? `From ${order.fulfilment.card_from}` : 'No name: it goes anonymously.'}
          </p>
        </Card>
      )}

      <div className="order-confirmation__actions">
        <Link to="/shop" className="button">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}

/**
 * Where the order is now: each of the customer's steps with the time it was reached, so nobody
 * has to phone to ask. A cancelled order says so plainly after the steps it did reach.
 */
function Progress({ order, site }: { order: Order; site: SiteFacts | null }) {
  const cancelled = order.status === 'cancelled';
  const steps = cancelled ? order.progress.filter((step) => step.done) : order.progress;
  const current = cancelled ? -1 : steps.map((step) => step.done).lastIndexOf(true);
  return (
    <Card id="order-progress-title" title="Where your order is">
      <ol className="order-progress" data-testid="order-progress">
        {steps.map((step, at) => {
          const when = step.when;
          return (
            <li
              key={step.status}
              className="order-progress__step"
              data-done={step.done || undefined}
              aria-current={at === current ? 'step' : undefined}
            >
              <span className="order-progress__mark" aria-hidden="true" />
              <span className="order-progress__label">{step.label}</span>
              {step.done && when ? (
                <time className="order-progress__time" dateTime={step.at ?? undefined}>
                  {when}
                </time>
              ) : (
                !step.done && <span className="order-progress__time">Not yet</span>
              )}
            </li>
          );
        })}
        {cancelled && (
          <li className="order-progress__step" data-cancelled aria-current="step">
            <span className="order-progress__mark" aria-hidden="true" />
            <span className="order-progress__label">{order.status_label}</span>
          </li>
        )}
      </ol>
      {cancelled && (
        <p className="order-confirmation__note">
          This order was cancelled. Anything to give back goes back the way you paid. Questions? Call us on <PhoneLink site={site} />.
        </p>
      )}
    </Card>
  );
}

/** A charge worth a line: present and more than nothing. */
function charged(amount: string | undefined): amount is string {
  return Boolean(amount) && amount !== '0.00';
}

/** Delivery or collection as the shopper chose it. */
function Handover({ choice, site }: { choice: NonNullable<Order['fulfilment']>; site: SiteFacts | null }) {
  const callUs = (
    <>
      Something not right? Call us on <PhoneLink site={site} />.
    </>
  );
  if (choice.method === 'collection') {
    return (
      <Card id="order-delivery-title" title="Collecting from the studio">
        <p className="order-confirmation__when" data-testid="order-when">
          {choice.day} at {choice.collection_time}
        </p>
        <address className="order-confirmation__address">
          <AddressLines site={site} />
        </address>
        <p className="order-confirmation__note">{callUs}</p>
      </Card>
    );
  }
  return (
    <Card id="order-delivery-title" title="Delivering to">
      <p className="order-confirmation__when" data-testid="order-when">
        {choice.day}, {choice.slot}
        {choice.slot_hours && ` (${choice.slot_hours})`}
      </p>
      <address className="order-confirmation__address">
        {choice.recipient_name}
        <br />
        {choice.address_line1}
        <br />
        {choice.address_line2 && (
          <>
            {choice.address_line2}
            <br />
          </>
        )}
        {choice.city}
        <br />
        {choice.postcode}
        <br />
        {choice.recipient_phone}
      </address>
      {choice.instructions && <p className="order-confirmation__note">For the driver: {choice.instructions}</p>}
      <p className="order-confirmation__note">{callUs}</p>
    </Card>
  );
}

/** One card of the confirmation, named by its heading. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="order-confirmation__card" aria-labelledby={id}>
      <h2 id={id} className="order-confirmation__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}
