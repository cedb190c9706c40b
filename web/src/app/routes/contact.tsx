import { useSearchParams } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { ContactForm } from '@/features/contact/components/contact-form';
import { enquiryFromSearch } from '@/features/contact/enquiry';
import { StudioDetails } from '@/features/site/components/studio-details';
import { useSite } from '@/features/site/hooks/use-site';
import '@/features/contact/components/contact-page.css';

export default function ContactPage() {
  const [search] = useSearchParams();
  const site = useSite();
  const query = search.toString();

  return (
    <PageShell
      description={`Ask Posy about wedding flowers, events, workshops or a bouquet: send us a message or call ${site?.phone ?? 'the studio'}. Studio in South Bristol.`}
      title="Get in Touch"
      eyebrow="Contact"
      intro={<p>Tell us about your wedding, event or bouquet, and we will get back to you soon.</p>}
    >
      <div className="contact-page">
        {/* A new link (say from a workshop's Book button) starts the form afresh. */}
        <ContactForm key={query} initial={enquiryFromSearch(search)} />
        <aside className="contact-page__aside" aria-label="The studio">
          <StudioDetails site={site} />
          <p className="contact-page__aside-note">
            Ringing is often quickest for flowers wanted today. For weddings, we love to meet over a cup of tea in
            the studio: send us a date and we will find a time.
          </p>
        </aside>
      </div>
    </PageShell>
  );
}
