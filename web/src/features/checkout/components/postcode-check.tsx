import { TextField } from '@/components/ui/field';
import { earliestDays, fulfilmentFields, money, type DeliveryRules, type PostcodeCheck } from '@/lib/core';
import { earliestWords } from '@/lib/delivery';

/** What the live check says of a postcode: the zone and its fee, free delivery, or why not (and the way out). */
export function PostcodeWord({
  check,
  free,
  when,
  onCollect,
  testId = 'postcode-check',
}: {
  check: PostcodeCheck | null;
  free: boolean;
  when?: string | null;
  onCollect: () => void;
  testId?: string;
}) {
  return (
    <div className="postcode-word" role="status" aria-live="polite" data-testid={testId}>
      {check?.kind === 'delivers' && (
        <p className="postcode-word__ok">
          We deliver to {check.district} ({check.zone}): {free ? 'free on this order' : `${money(check.fee)} delivery`}.
          {when && ` ${when}.`}
        </p>
      )}
      {check?.kind === 'outside' && (
        <>
          <p className="postcode-word__outside">{check.message}</p>
          <button type="button" className="button button--quiet button--small" onClick={onCollect}>
            Collect from the studio instead
          </button>
        </>
      )}
    </div>
  );
}

/** "Order by 12:00 for delivery today" or "From Tuesday 15 December"; null when the rules cannot say. */
function firstDelivery(rules: DeliveryRules, leadDays: number): string | null {
  try {
    return earliestWords(earliestDays(rules, leadDays).delivery);
  } catch {
    return null;
  }
}

export interface PostcodeFirstProps {
  /** The studio's rules; null while they load (the box waits for them). */
  rules: DeliveryRules | null;
  /** The days of notice the cart's pieces need. */
  leadDays: number;
  /** The delivery postcode as the choice holds it, and how to change it. */
  postcode: string;
  onPostcode: (postcode: string) => void;
  free: boolean;
  onCollect: () => void;
}

/**
 * The checkout's first question, before the billing details: where the flowers are going, and
 * whether and when the studio can take them there, by the core's rules as the shopper types.
 */
export function PostcodeFirst({ rules, leadDays, postcode, onPostcode, free, onCollect }: PostcodeFirstProps) {
  if (!rules) return null;
  const check = rules.checkPostcode(postcode);
  const when = firstDelivery(rules, leadDays);
  const limit = fulfilmentFields().find((field) => field.name === 'postcode')?.maxLength;
  return (
    <section className="checkout-section postcode-first" aria-labelledby="postcode-first-title">
      <h2 id="postcode-first-title" className="checkout-section__title">
        Where are they going?
      </h2>
      <TextField
        id="postcode-first"
        label="Check a postcode"
        hint="We’ll say at once whether and when we can deliver there. Collecting from the studio? Skip this."
        value={postcode}
        onValueChange={onPostcode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={limit}
      />
      <PostcodeWord check={check} free={free} when={when} onCollect={onCollect} testId="postcode-first" />
    </section>
  );
}
