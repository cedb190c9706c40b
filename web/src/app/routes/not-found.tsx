import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="container page-missing">
      <title>Page not found · Posy floral studio</title>
      <span className="eyebrow">Page not found</span>
      <h1>This stem has wandered off</h1>
      <p>We couldn’t find the page you were looking for. It may have moved, or the link may be mistyped.</p>
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
