import { PageShell } from '@/components/layout/page-shell';
import { PictureGallery } from '@/components/ui/lightbox';
import { ContactBand, PictureIntro, Section, ServiceCards, StepList } from '@/components/layout/page-kit';
import { SeasonTabs } from '@/features/studio-pages/components/season-tabs';
import { pictures } from '@/features/studio-pages/content/pictures';
import {
  seasons,
  testimonials,
  weddingGallery,
  weddingServices,
  weddingSteps,
  weddingsMeta,
} from '@/features/studio-pages/content/weddings';
import { useSite } from '@/features/site/hooks/use-site';
import './weddings.css';

export default function WeddingsPage() {
  const site = useSite();

  return (
    <PageShell
      description={weddingsMeta.description}
      title={weddingsMeta.title}
      eyebrow="Wedding flowers"
      intro={<p>Bouquets, buttonholes, arches and tables, planned with you from the first idea to the last petal.</p>}
    >
      <PictureIntro picture={pictures.bridalBouquet}>
          <p>
            We are a small studio, so we take only a few weddings each weekend. That means the person you meet at
            the first cup of tea is the person who ties your bouquet on the morning.
          </p>
          <p>
            We work with what is growing, buying from British growers when the season allows and from the
            Bristol flower market the rest of the year. Big or small, a register office or a field in the Chew
            Valley, we would love to hear about it.
          </p>
        </PictureIntro>

      <Section banded title="What we make" eyebrow="Services">
        <ServiceCards services={weddingServices} columns={3} />
      </Section>

      <Section banded
        title="How it works"
        eyebrow="Four steps"
        intro={<p>Most couples get in touch six to twelve months ahead, but it is never too late to ask.</p>}
      >
        <StepList steps={weddingSteps} label="Our wedding flow" />
      </Section>

      <Section banded
        title="Flowers by season"
        eyebrow="What is growing"
        intro={<p>Flowers in season are fresher, last longer and cost less. Here is what each season brings.</p>}
      >
        <SeasonTabs seasons={seasons} label="Flowers by season" />
      </Section>

      <Section banded title="Recent weddings" eyebrow="Gallery" intro={<p>Choose a picture to see it larger.</p>}>
        <PictureGallery pictures={weddingGallery} label="Wedding flowers" />
      </Section>

      <Section banded title="Kind words" eyebrow="From our couples">
        <ul className="grid-list testimonials">
          {testimonials.map((item) => (
            <li key={item.who}>
              <figure>
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  <strong>{item.who}</strong>
                  <span>{item.where}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <ContactBand title="Tell us about your day" action="Get in touch" call={site}>
        <p>
          Send us your date, venue and a few words on what you imagine. We will reply within two working days to
          arrange a visit to the studio.
        </p>
      </ContactBand>
    </PageShell>
  );
}
