import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { Callout, Points, Section, Story } from '@/components/layout/page-kit';
import { pagePicture } from '@/features/studio-pages/content/pictures';
import { useSite } from '@/features/site/hooks/use-site';

const styling = [
  {
    title: 'Table flowers',
    text: 'Low arrangements you can talk over, bud vases down long tables, and candles among them.',
  },
  {
    title: 'Statement pieces',
    text: 'Large urns for entrances, installations over bars and fireplaces, garlands for stair rails.',
  },
  {
    title: 'Hire and clear-up',
    text: 'Vases, jars, candle holders and plinths to borrow; we set up before and clear away after.',
  },
];

const enquirySteps = [
  {
    title: 'Tell us the basics',
    text: 'The date, the venue, how many guests and a rough budget. A picture of the room helps.',
  },
  {
    title: 'We send ideas and a quote',
    text: 'Within two working days, with flowers that will be at their best on your date.',
  },
  {
    title: 'We confirm and make',
    text: 'A deposit holds the date. We finalise numbers a week before, then make everything fresh.',
  },
];

export default function EventsPage() {
  const site = useSite();

  return (
    <PageShell
      description="Event flowers from Posy in Bristol: weekly arrangements for offices and restaurants, launches, parties, birthdays and anniversaries, styled and set up by the studio."
      title="Events"
      eyebrow="Corporate and private"
      intro={<p>Flowers for launches, long lunches, birthdays and Friday receptions, styled to the room and set up for you.</p>}
    >
      <Story
        eager
        eyebrow="Corporate events"
        title="For offices, restaurants and launches"
        picture={pagePicture('gallery-2', 'A low table arrangement of peach and coral flowers between two lit candles')}
      >
        <p>
          We look after reception flowers for a handful of Bristol offices, restaurants and hotels, changed every
          week or fortnight and kept fresh in between. For product launches, conferences and awards dinners we
          work from your brand colours and the size of the room.
        </p>
        <p>
          Everything is delivered, set up and collected afterwards, and we invoice monthly for regular orders.
        </p>
      </Story>

      <Story
        flip
        eyebrow="Private events"
        title="Birthdays, anniversaries and gatherings at home"
        picture={pagePicture('gallery-6', 'Pink roses, white anemones and blue cornflowers arranged in a glass vase')}
      >
        <p>
          A sixtieth in a village hall, a christening lunch, a garden party for a ruby anniversary: we make table
          flowers, jars for windowsills, a statement piece for the door and anything in between.
        </p>
        <p>
          If you would rather do it yourself, we can supply buckets of seasonal flowers for you to arrange, or
          run a workshop for your guests.
        </p>
      </Story>

      <Section
        title="Styling"
        eyebrow="What we can do"
        intro={<p>We bring the flowers and the things that hold them, and leave the room as we found it.</p>}
      >
        <Points points={styling} />
      </Section>

      <Section title="How to enquire" eyebrow="Next steps">
        <Points points={enquirySteps} numbered ordered />
      </Section>

      <Callout
        title="Planning something?"
        action={{ to: '/contact?type=event', label: 'Send an event enquiry' }}
        call={site}
      >
        <p>
          We take on a few events each week, so it is worth asking early. For a wedding, have a look at our{' '}
          <Link to="/weddings">wedding flowers</Link>; for a group activity, see our <Link to="/workshops">workshops</Link>.
        </p>
      </Callout>
    </PageShell>
  );
}
