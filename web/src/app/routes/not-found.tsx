import { Link } from 'react-router';
import { useMetaDescription } from '@/components/layout/use-meta-description';
import { PhoneLink } from '@/components/ui/studio-facts';
import { useSite } from '@/features/site/hooks/use-site';

export default function NotFoundPage() {
  const site = useSite();
  useMetaDescription('This page could not be found. Find your way back to Posy’s bouquets, weddings and workshops.');
  return (
    <div className="container page-missing fade-in">
      <title>Page not found · Posy floral studio</title>
      <span className="eyebrow">Page not found</span>
      <h1>This stem has wandered off</h1>
      <p>
        We couldn’t find the page you were looking for. It may have moved, or the link may be mistyped. The shop is a
        good place to start again, or ring us on <PhoneLink site={site} /> and we will help.
      </p>
      <div className="page-missing__actions">
        <Link to="/" className="button">
          Go to the home page
        </Link>
        <Link to="/shop" className="button button--quiet">
          Browse the shop
        </Link>
      </div>
    </div>
  );
}
