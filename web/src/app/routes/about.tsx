import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { Callout, Story } from '@/components/layout/page-kit';
import { pagePicture } from '@/features/studio-pages/content/pictures';
import { Fact, PhoneLink } from '@/components/ui/studio-facts';
import { useSite } from '@/features/site/hooks/use-site';

export default function AboutPage() {
  const site = useSite();

  return (
    <PageShell
      description="Posy is a small floral studio in Whitchurch, South Bristol: seasonal flowers from British growers, arranged by hand, without floral foam or plastic."
      title="About"
      eyebrow="Our story"
      intro={<p>A small studio in South Bristol, arranging seasonal flowers by hand.</p>}
    >
      <Story
        eager
        eyebrow="The studio"
        title="A bench, a cold room and a lot of buckets"
        picture={pagePicture('hero', 'Pink peonies, cream roses and lilac in a stone vase on the studio table, beside a spool of twine')}
      >
        <p>
          Posy began on a kitchen table in Whitchurch, with a few buckets of garden roses and a neighbour who needed
          flowers for her daughter’s wedding. Word travelled the way it does in South Bristol, and a few years on
          we have a proper studio on Stockwood Lane, a cold room, and the same love of a loosely tied bunch.
        </p>
        <p>
          We are a small team, so the person who answers the phone is often the person who makes your flowers. Pop
          in and you will find us at the bench, stripping stems, with the radio on and the kettle never far away.
        </p>
      </Story>

      <Story
        flip
        eyebrow="The florist"
        title="Flowers that look as if they were just picked"
        picture={pagePicture('gallery-1', 'A hand-tied bouquet of blush and ivory flowers and eucalyptus, finished with a cream ribbon')}
      >
        <p>
          Our head florist trained in a busy Clifton flower shop before setting up on her own. She likes movement,
          a little wildness and one surprising colour: a sprig of scabious in a blush bouquet, a twist of rosemary
          in a winter posy.
        </p>
        <p>
          Every bouquet is tied by hand the morning it leaves, and every wedding starts with a conversation, not a
          brochure. If you have a flower that means something to you, tell us, and we will find a way to use it.
        </p>
      </Story>

      <Story
        eyebrow="Where our flowers come from"
        title="British growers first"
        picture={pagePicture('gallery-6', 'Pink roses, white anemones and blue cornflowers arranged in a glass vase')}
      >
        <p>
          From March to October most of what we use is grown in Britain: sweet peas and dahlias from growers in
          Somerset, tulips from Lincolnshire, foliage cut in the Mendips. It travels a few hours rather than a few
          days, so it lasts longer in your vase.
        </p>
        <p>
          In the depths of winter we buy a little from the Dutch auctions, and we will always tell you which is
          which. That is also why our bouquets change with the weeks: we make the best of what is growing now.
        </p>
      </Story>

      <Story
        flip
        eyebrow="Sustainability"
        title="No foam, little plastic, nothing wasted"
        picture={pagePicture('gallery-5', 'A eucalyptus wreath with peach and white flowers on the workbench, scissors and twine beside it')}
      >
        <p>
          We stopped using floral foam years ago. Arrangements are built in moss, chicken wire and reusable
          frames; bouquets are wrapped in paper and tied with cotton twine. Deliveries across Bristol go out in
          one round, planned to save miles.
        </p>
        <p>
          Stems we cannot sell are dried for posies and wreaths, and what is left goes on the compost at a
          community garden down the road. Bring your wedding arch flowers back and we will turn them into
          something for your table.
        </p>
      </Story>

      <Callout
        title="Come and say hello"
        action={{ to: '/shop', label: 'See this week’s bouquets' }}
        secondary={
          <Link to="/contact" className="button button--quiet">
            Get in touch
          </Link>
        }
      >
        <p>
          The studio is open for collections and a browse. <Fact site={site} show={(s) => s.delivery} chars={48} /> Or ring us on <PhoneLink site={site} />.
        </p>
      </Callout>
    </PageShell>
  );
}
