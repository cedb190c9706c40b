import { Link } from 'react-router';
import { studio } from '@/config/studio';
import './home.css';

// The walking skeleton's home: the hero and opening hours. The home page issue adds the
// shop and workshop teasers, the six-picture gallery and the contact banner.
export default function HomePage() {
  return (
    <div className="home fade-in">
      <title>Posy · floral studio in South Bristol</title>
      <section className="hero">
        <div className="hero__inner container">
          <div className="hero__text">
            <span className="eyebrow">Floral studio · South Bristol</span>
            <h1 className="hero__title">
              Flowers picked for the season, <em>tied by hand</em>
            </h1>
            <p className="lede">
              Bouquets and posies for birthdays, thank-yous and quiet Tuesdays, delivered across Bristol
              or ready to collect from our studio in BS14.
            </p>
            <div className="hero__actions">
              <Link to="/shop" className="button">
                Shop bouquets
              </Link>
              <Link to="/contact" className="button button--quiet">
                Get in touch
              </Link>
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            <img src="/hero-bouquet.svg" alt="" width={560} height={640} />
          </div>
        </div>
      </section>

      <section className="home-band container" aria-labelledby="home-services">
        <h2 id="home-services" className="visually-hidden">
          What we do
        </h2>
        <ul className="home-cards">
          <li>
            <Link to="/weddings">
              <span className="eyebrow">Weddings</span>
              <strong>From the first bouquet sketch to the last buttonhole.</strong>
            </Link>
          </li>
          <li>
            <Link to="/workshops">
              <span className="eyebrow">Workshops</span>
              <strong>Make a wreath or a posy with us, tea included.</strong>
            </Link>
          </li>
          <li>
            <Link to="/gallery">
              <span className="eyebrow">Gallery</span>
              <strong>See what has left the studio lately.</strong>
            </Link>
          </li>
        </ul>
      </section>

      <section className="home-hours container" aria-labelledby="home-hours-title">
        <div>
          <h2 id="home-hours-title">Come and see us</h2>
          <p>
            {studio.address.slice(1).join(', ')}. Pop in for a bunch on the way home, or ring{' '}
            <a href={studio.phoneHref}>{studio.phone}</a> and we will have it ready.
          </p>
        </div>
        <dl className="home-hours__table">
          {studio.openingHours.map((row) => (
            <div key={row.days}>
              <dt>{row.days}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
