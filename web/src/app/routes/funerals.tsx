import { Link } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { PictureGallery } from '@/components/ui/lightbox';
import { openHoursSentence } from '@/components/ui/opening-hours';
import { ContactBand, PictureIntro, Section, ServiceCards, StepList } from '@/components/layout/page-kit';
import { funeralGallery, funeralServices, funeralsMeta, funeralSteps } from '@/features/studio-pages/content/funerals';
import { pictures } from '@/features/studio-pages/content/pictures';
import { Fact, PhoneLink } from '@/components/ui/studio-facts';
import { useSite } from '@/features/site/hooks/use-site';


export default function FuneralsPage() {
  const site = useSite();

  return (
    <PageShell
      description={funeralsMeta.description}
      title={funeralsMeta.title}
      eyebrow="Sympathy and remembrance"
      intro={<p>Flowers to say goodbye, made with care and delivered with quiet attention to detail.</p>}
    >
      <PictureIntro picture={pictures.casketSpray} flip>
          <p>
            We are sorry for your loss. Choosing flowers is one of many things to think about, and we are here to
            make it a gentle one. Tell us a little about the person, the colours they loved or the garden they
            kept, and we will do the rest.
          </p>
          <p>
            If it is easier to talk, ring us on <PhoneLink site={site} />. You can also{' '}
            <Link to="/contact">write to us</Link> at any hour and we will reply the same working day.
          </p>
        </PictureIntro>

      <Section banded title="Flowers we make" eyebrow="Memorial services">
        <ServiceCards services={funeralServices} />
      </Section>

      <Section banded
        title="Ordering, step by step"
        eyebrow="How it works"
        intro={<p>We need two or three working days for most tributes, and we will always tell you honestly what is possible.</p>}
      >
        <StepList steps={funeralSteps} label="How ordering funeral flowers works" />
      </Section>

      <Section banded title="Tributes we have made" eyebrow="Gallery" intro={<p>Choose a picture to see it larger.</p>}>
        <PictureGallery pictures={funeralGallery} label="Funeral and sympathy flowers" />
      </Section>

      <ContactBand title="We are here to help" action="Send us a message" call={site}>
        <p>
          Call the studio (<Fact site={site} show={(s) => openHoursSentence(s.openingHours)} chars={48} />), or send a message and we will come back to you with ideas and a
          price.
        </p>
      </ContactBand>
    </PageShell>
  );
}
