// Every cookie and browser storage key the shop sets, with why: the privacy notice's table, and
// what the journeys hold a shopper's visit to (e2e/privacy.journey.mjs reads the table from the
// page). Nothing here is optional or for tracking, which is why the shop asks for no consent
// (PECR's "strictly necessary"); a new key belongs here before it ships.

export interface KeptInBrowser {
  /** The names, as the browser's tools show them. */
  names: readonly string[];
  kind: 'Cookie' | 'Local storage' | 'Session storage';
  /** Who sets it, and when. */
  setBy: string;
  why: string;
  lasts: string;
}

/** What the shop itself sets. */
export const SHOP_KEEPS: readonly KeptInBrowser[] = [
  {
    names: ['csrftoken'],
    kind: 'Cookie',
    setBy: 'Us, on your first visit',
    why: 'Shows that a change you make (adding to your basket, paying, sending a message) comes from this site, so another site cannot make one in your name.',
    lasts: '1 year',
  },
  {
    names: ['cartId'],
    kind: 'Local storage',
    setBy: 'Us, when you first look at or add to your basket',
    why: 'Remembers which basket is yours, so it is still there when you come back. It holds a random number, nothing about you.',
    lasts: 'Until your order is placed, or you clear your browser’s data',
  },
  {
    names: ['posy.checkoutDraft'],
    kind: 'Session storage',
    setBy: 'Us, on the checkout',
    why: 'Keeps what you have typed at the checkout if you step back to your basket. Never your card.',
    lasts: 'Until you close the tab, or your order is placed',
  },
  {
    names: ['posy_session', '__Host-posy_session'],
    kind: 'Cookie',
    setBy: 'Us, only when the studio’s staff sign in to the back office',
    why: 'Keeps the studio signed in. Shoppers never get one.',
    lasts: 'Until they sign out, or 8 hours without use',
  },
];

/** What Stripe sets on the checkout when it takes the card (not in a shop taking test payments). */
export const STRIPE_KEEPS: readonly KeptInBrowser[] = [
  {
    names: ['__stripe_mid'],
    kind: 'Cookie',
    setBy: 'Stripe, on the checkout only',
    why: 'Helps Stripe tell a real card payment from fraud.',
    lasts: '1 year',
  },
  {
    names: ['__stripe_sid'],
    kind: 'Cookie',
    setBy: 'Stripe, on the checkout only',
    why: 'The same, for this visit.',
    lasts: '30 minutes',
  },
];
