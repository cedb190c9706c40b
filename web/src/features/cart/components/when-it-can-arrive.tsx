import { deliversFree, earliestDays, money, type EarliestDays } from '@/lib/core';
import { earliestWords, useDelivery, type Delivery } from '@/lib/delivery';
import './when-it-can-arrive.css';

/**
 * The zones' fees, lowest to highest, and the free-delivery threshold, in words; a cart that
 * has reached the threshold (`items`, its total) is told its delivery is free.
 */
function fees({ settings, rules }: Delivery, items: string): string {
  const threshold = settings.free_delivery_from;
  if (deliversFree(rules, items)) {
    return 'Delivery across Bristol is free on this order. Collection from the studio is free too.';
  }
  const amounts = settings.zones.map((zone) => Number(zone.fee)).filter((fee) => Number.isFinite(fee));
  if (amounts.length === 0) return '';
  const wire = (n: number) => n.toFixed(2);
  const low = money(wire(Math.min(...amounts)));
  const high = money(wire(Math.max(...amounts)));
  const range = low === high ? low : `${low}–${high}`;
  const free = threshold ? `, free on flowers from ${money(threshold)}` : '';
  return `Delivery ${range} across Bristol${free}. Collection from the studio is free.`;
}

/**
 * The cart page's word on when the flowers can come: the earliest delivery and collection days
 * for this cart (its pieces' notice), from the same rules the checkout and the server use.
 */
export function WhenItCanArrive({ leadDays, items }: { leadDays: number; items: string }) {
  const delivery = useDelivery();
  if (!delivery) return null;
  let earliest: EarliestDays;
  try {
    earliest = earliestDays(delivery.rules, leadDays);
  } catch {
    return null;
  }
  return (
    <section className="when-it-can-arrive" aria-labelledby="when-it-can-arrive-title">
      <h3 id="when-it-can-arrive-title" className="when-it-can-arrive__title">
        When it can arrive
      </h3>
      <dl className="when-it-can-arrive__days">
        <div>
          <dt>Delivery</dt>
          <dd data-testid="earliest-delivery">{earliestWords(earliest.delivery)}</dd>
        </div>
        <div>
          <dt>Collection</dt>
          <dd data-testid="earliest-collection">{earliestWords(earliest.collection)}</dd>
        </div>
      </dl>
      <p className="when-it-can-arrive__fees" data-testid="delivery-fees">
        {fees(delivery, items)}
      </p>
    </section>
  );
}
