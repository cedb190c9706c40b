import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { Callout, Points, Section } from '@/components/layout/page-kit';
import { useSite } from '@/features/site/hooks/use-site';
import { PastWorkshops } from '@/features/workshops/components/past-workshops';
import { WorkshopList } from '@/features/workshops/components/workshop-list';

const onTheDay = [
  {
    title: 'Everything is ready',
    text: 'Your place at the bench has a base, tools, ribbon and a bucket of seasonal stems and foliage, more than you will need. Wear something you do not mind getting sappy.',
  },
  {
    title: 'We show, you make',
    text: 'We start with a demonstration, then help you one to one as you go. Groups are kept to ten, so there is always a pair of hands nearby.',
  },
  {
    title: 'Tea, cake and home',
    text: 'Halfway through we stop for tea and a slice of something homemade. You take home what you made, wrapped, with notes on how to keep it fresh.',
  },
];

export default function WorkshopsPage() {
  const site = useSite();

  return (
    <PageShell
      description="Flower workshops at Posy’s studio in South Bristol: make a Christmas wreath or a seasonal posy with us, tea and cake included. Book a place with a £20 deposit."
      title="Workshops"
      eyebrow="Learn with us"
      intro={<p>Seasonal workshops in the studio: wreaths, posies and table flowers, with tea and cake.</p>}
    >
      <WorkshopList />

      <Section title="How a workshop works" eyebrow="On the day">
        <Points points={onTheDay} numbered />
        <p className="workshops-booking-note">
          Your deposit holds your place, and the balance is due by the date on the card. Each workshop’s page says
          what to bring and what happens if you cannot come after all.
        </p>
      </Section>

      <Section
        title="From past workshops"
        eyebrow="Made at the bench"
        intro={<p>A few of the things people have made with us, and taken home on the bus.</p>}
      >
        <PastWorkshops />
      </Section>

      <Callout
        title="A workshop for your group?"
        action={{ to: '/contact?type=event', label: 'Enquire about a workshop' }}
        call={site}
      >
        <p>
          We run private workshops for hen parties, birthdays and teams, in the studio or at your venue. Tell us how
          many of you there are and roughly when, and we will suggest what to make.
        </p>
      </Callout>

      <p className="workshops-more">
        Looking for flowers rather than a workshop? <Link to="/shop">See this week’s bouquets</Link>.
      </p>
    </PageShell>
  );
}
