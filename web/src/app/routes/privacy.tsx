import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { LoadingStatus, RetryNotice, Section } from '@/components/layout/page-kit';
import { AddressLines, EmailLink, Fact, PhoneLink } from '@/components/ui/studio-facts';
import { KeptInBrowserTable } from '@/features/privacy/components/kept-in-browser-table';
import { SHOP_KEEPS, STRIPE_KEEPS } from '@/features/privacy/components/kept-in-browser';
import { usePrivacy } from '@/features/privacy/hooks/use-privacy';
import type { PrivacyFacts } from '@/features/privacy/api/get-privacy';
import { useSite } from '@/features/site/hooks/use-site';
import '@/features/privacy/components/privacy.css';

/** How long each kind of data is kept, from the studio's retention settings. */
function HowLong({ facts }: { facts: PrivacyFacts }) {
  const kept = [
    {
      period: facts.orders_kept,
      what: 'Your orders',
      then: 'counted from the day you ordered. Then we remove your name, e-mail, phone and address, and the recipient’s, and keep only what the tax office asks of us: what was bought, for how much, when, any refund, and the first half of the postcode (like BS3).',
    },
    {
      period: facts.vouchers_kept,
      what: 'Gift vouchers',
      then: `counted from the day one was bought. Then we remove the buyer’s and the recipient’s names and e-mails and the message; the code and what is left on it stay, so it can still be spent. A voucher whose payment was never made loses them after ${facts.unpaid_vouchers_kept}.`,
    },
    {
      period: facts.card_kept,
      what: 'The recipient’s phone, delivery notes and card message',
      then: 'counted from the delivery or collection day. They are there to get the flowers to the door; after that they are blanked.',
    },
    {
      period: facts.mail_kept,
      what: 'The e-mails we send you',
      then: 'counted from the day each was sent. They repeat your order’s details, so we delete our copies.',
    },
    {
      period: facts.unsent_mail_kept,
      what: 'An e-mail we could not deliver',
      then: 'counted from the day we gave up trying, so the studio has time to reach you another way.',
    },
    {
      period: facts.workshop_notes_kept,
      what: 'A workshop booking’s note about allergies or access needs',
      then: 'it is health data, asked only so we can look after you on the day, and then we delete it. The rest of the booking is kept as an order.',
    },
    {
      period: facts.enquiries_kept,
      what: 'Your messages to us and our replies',
      then: 'counted from the last of them, in case you come back to the same question.',
    },
  ];
  return (
    <ul className="privacy-kept">
      {kept.map((row) => (
        <li key={row.what}>
          <span className="privacy-kept__period">{row.period}</span>
          <strong>{row.what}</strong>: {row.then}
        </li>
      ))}
    </ul>
  );
}

/** Who else handles the data, as this shop is set up. */
function WhoElse({ facts }: { facts: PrivacyFacts }) {
  return (
    <ul>
      <li>
        {facts.stripe ? (
          <>
            <strong>Stripe</strong> takes your card payment. Your card number goes straight to Stripe and never reaches us; Stripe
            sees your name, e-mail and billing address with it, under{' '}
            <a href="https://stripe.com/gb/privacy" rel="noopener noreferrer">
              its own privacy policy
            </a>
            .
          </>
        ) : (
          <>
            <strong>No card provider</strong>: this shop is taking test payments only, so no card details go anywhere.
          </>
        )}
      </li>
      {facts.mail_relay && (
        <li>
          <strong>Our e-mail service</strong> passes on the e-mails we send you (order confirmations, replies to your
          messages). It handles your address and the words of each e-mail, and nothing else.
        </li>
      )}
      <li>
        <strong>The company that hosts this shop</strong> keeps the computer it runs on and its backups. It may handle your
        details only to keep the shop running, never for anything of its own.
      </li>
      {facts.object_storage && (
        <li>
          <strong>Our picture storage</strong> holds the photographs of our flowers. None of your details are kept there.
        </li>
      )}
      <li>
        <strong>Whoever delivers your flowers</strong> sees the recipient’s name, address, phone and your delivery notes on
        the day, and nothing else.
      </li>
    </ul>
  );
}

export default function PrivacyPage() {
  const site = useSite();
  const privacy = usePrivacy();
  const facts = privacy.status === 'loaded' ? privacy.data : null;

  return (
    <PageShell
      description="How Posy, a floral studio in South Bristol, uses the details you give when you order flowers or send a message: what we keep, why, for how long, and your rights."
      title="Privacy"
      eyebrow="Your details"
      intro={<p>What we keep when you order flowers or write to us, why, for how long, and how to ask us for it or to delete it.</p>}
    >
      <div className="privacy-notice">
        <Section title="Who we are">
          <p>
            <Fact site={site} show={(s) => `${s.name} ${s.tagline}`} chars={20} /> decides how your details are used (the
            “controller”, in the law’s words). Write to us at <EmailLink site={site} />, ring <PhoneLink site={site} />, or
            post a letter to:
          </p>
          <address>
            <AddressLines site={site} />
          </address>
        </Section>

        <Section title="What we keep, and why">
          <p>Only what we need to make your flowers, get them to the right door, and answer you.</p>
          <ul>
            <li>
              <strong>When you order</strong>: your name, e-mail, phone and address; the recipient’s name, address and
              phone if you give it; your delivery notes and card message; what you bought and what you paid. We need these to
              make and deliver the order and tell you how it is going (to carry out our contract with you), and we keep the
              money part for the tax office (a legal obligation).
            </li>
            <li>
              <strong>When you write to us</strong>: your name, e-mail, phone if you give it, and your message, to answer you
              (you asked us to).
            </li>
            <li>
              <strong>The e-mails we send you</strong>, which repeat your order’s or message’s details.
            </li>
          </ul>
          <p>
            We do not sell your details, send you marketing, or use them to build a profile of you. We never see your card
            number.
          </p>
        </Section>

        <Section title="Who else sees it">
          {facts ? <WhoElse facts={facts} /> : <LoadingStatus>Finding who handles your details…</LoadingStatus>}
        </Section>

        <Section title="How long we keep it">
          {privacy.status === 'error' ? (
            <RetryNotice title="We could not load how long we keep your details just now." onRetry={privacy.retry}>
              Please try again in a moment, or ask the studio.
            </RetryNotice>
          ) : facts ? (
            <HowLong facts={facts} />
          ) : (
            <LoadingStatus>Finding how long we keep your details…</LoadingStatus>
          )}
          <p>Everything is deleted by itself when its time is up; nobody has to remember to do it.</p>
        </Section>

        <Section title="Your rights">
          <p>You can ask us, at any time and free of charge:</p>
          <ul>
            <li>for a copy of everything we hold about you;</li>
            <li>to correct something that is wrong;</li>
            <li>to delete your details (if an order is still on its way, we will do it once it has arrived);</li>
            <li>to stop using them, or to object to how we use them;</li>
            <li>for your details in a form you can take elsewhere.</li>
          </ul>
          <p>
            Just write to <EmailLink site={site} /> or ring <PhoneLink site={site} /> from the phone or address you ordered
            with, so we know it is you. We will answer within a month. You can also{' '}
            <Link to="/contact">send us a message</Link>.
          </p>
        </Section>

        <Section title="If you are not happy">
          <p>
            Please tell us first and we will try to put it right. You can also complain to the Information Commissioner’s
            Office, the UK’s data protection regulator: at{' '}
            <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
              ico.org.uk/make-a-complaint
            </a>
            , by phone on 0303 123 1113, or by post to the Information Commissioner’s Office, Wycliffe House, Water Lane,
            Wilmslow, Cheshire SK9 5AF.
          </p>
        </Section>

        <Section title="Cookies and browser storage">
          <p>
            We use no advertising or analytics cookies, and no tracking of any kind, so there is nothing to accept or turn
            off. The few things this shop keeps in your browser are all needed for it to work; each one is listed here.
          </p>
          <KeptInBrowserTable rows={facts?.stripe ? [...SHOP_KEEPS, ...STRIPE_KEEPS] : SHOP_KEEPS} />
        </Section>
      </div>
    </PageShell>
  );
}
