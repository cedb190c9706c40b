import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PictureGallery } from '@/components/ui/lightbox';
import { OpeningHours } from '@/components/ui/opening-hours';
import { SmartImage, imageOf } from '@/components/ui/smart-image';
import { Fact, Pending, PhoneLink } from '@/components/ui/studio-facts';
import { homeGallery, homeMeta } from '@/features/studio-pages/content/home';
import { useProducts } from '@/features/catalogue/api/get-products';
import { ProductImage } from '@/features/catalogue/components/product-image';
import type { Product } from '@/lib/api-client';
import { pictures } from '@/features/studio-pages/content/pictures';
import { useMetaDescription } from '@/components/layout/use-meta-description';
import { useSite } from '@/features/site/hooks/use-site';
import './home.css';

export default function HomePage() {
  useMetaDescription(homeMeta.description);
  const site = useSite();

  return (
    <div className="home fade-in">
      <title>{homeMeta.title}</title>

      <section className="hero" aria-labelledby="home-title">
        <div className="hero__picture">
          <SmartImage {...imageOf(pictures.hero)} sizes="(min-width: 56rem) 80vw, 100vw" fetchPriority="high" decoding="async" />
        </div>
        <div className="hero__inner container">
          <div className="hero__text">
            <span className="eyebrow">Floral studio · South Bristol</span>
            <h1 id="home-title" className="hero__title">
              Flowers picked for the season, <em>tied by hand</em>
            </h1>
            <p className="hero__line">
              Bouquets for birthdays, thank-yous and quiet Tuesdays, made each morning in our studio in Whitchurch.
            </p>
            <Link to="/shop" className="button hero__action">
              Shop bouquets
            </Link>
            <p className="hero__delivery">
              <TruckMark />
              <Fact site={site} show={(s) => `Delivered across ${s.town}, or collect from the studio in ${s.district}.`} chars={52} />
            </p>
          </div>
        </div>
      </section>

      <section className="home-shop container" aria-labelledby="home-shop-title">
        <div className="home-shop__text">
          <Heading id="home-shop-title" eyebrow="The online shop">This week’s bouquets</Heading>
          <p>
            Seasonal bouquets and hand-ties, made on the morning they leave the studio. Order online for delivery
            anywhere in Bristol, or pick up from the studio on your way home.
          </p>
          <Link to="/shop" className="button button--quiet">
            Browse the shop
          </Link>
        </div>
        <ShopTeaser />
      </section>

      <section className="home-hours" aria-labelledby="home-hours-title">
        <div className="home-hours__inner container">
          <div>
            <Heading id="home-hours-title" eyebrow="Opening hours">Come and see us</Heading>
            <p>
              <Fact site={site} show={(s) => s.address.slice(1).join(', ')} chars={56} />. Pop in for a bunch on the way home, or
              ring <PhoneLink site={site} /> and we will have it ready.
            </p>
          </div>
          <OpeningHours hours={site?.openingHours ?? null} className="home-hours__table" />
        </div>
      </section>

      <section className="home-workshops container" aria-labelledby="home-workshops-title">
        <div className="home-workshops__picture">
          <SmartImage {...imageOf(pictures.wreathWorkshop)} sizes="(min-width: 75rem) 39rem, (min-width: 56rem) 52vw, 100vw" loading="lazy" decoding="async" />
        </div>
        <div className="home-workshops__text">
          <Heading id="home-workshops-title" eyebrow="Workshops">Make a Christmas wreath with us</Heading>
          <p>
            An evening at the studio bench with foliage from the woods, pine cones, dried orange and a mug of
            something warm. We show you each step; you go home with a wreath for your door.
          </p>
          <p className="home-workshops__price">£45 a place, with a £20 deposit to book.</p>
          <Link to="/workshops" className="button button--quiet">
            See workshops
          </Link>
        </div>
      </section>

      <section className="home-gallery container" aria-labelledby="home-gallery-title">
        <div className="home-gallery__head">
          <div>
            <Heading id="home-gallery-title" eyebrow="Lately in the studio">From our workbench</Heading>
          </div>
          <Link to="/gallery" className="home-gallery__more">
            See the full gallery <span aria-hidden="true">→</span>
          </Link>
        </div>
        <PictureGallery pictures={homeGallery} label="Lately in the studio" />
      </section>

      <section className="home-contact" aria-labelledby="home-contact-title">
        <div className="home-contact__inner container">
          <div>
            <h2 id="home-contact-title">Planning something?</h2>
            <p>
              A wedding, a launch, flowers every Monday for reception, or one perfect bouquet: tell us about it and
              we will reply within a working day.
            </p>
          </div>
          <div className="home-contact__actions">
            <Link to="/contact" className="button home-contact__button">
              Get in touch
            </Link>
            {site ? (
              <a href={site.phoneHref} className="home-contact__phone">
                or call {site.phone}
              </a>
            ) : (
              <Pending chars={20} />
            )}
          </div>
        </div>
      </section>
    </div>
  );
}

/** How many of the shop's bouquets the home page shows. */
const TEASER_SIZE = 3;

/** The first bouquets of the catalogue that have a picture, in stock first: none (and no list) when the shop has none. */
function teaserOf(products: readonly Product[]): Product[] {
  const pictured = products.filter((product) => product.image);
  const inStock = pictured.filter((product) => product.stock > 0);
  const rest = pictured.filter((product) => product.stock <= 0);
  return [...inStock, ...rest].slice(0, TEASER_SIZE);
}

/** Three of this week's bouquets from the catalogue, each a link to its page. */
function ShopTeaser() {
  const state = useProducts();
  const shown = state.status === 'loaded' ? teaserOf(state.products) : [];
  if (shown.length === 0) return null;
  return (
    <ul className="grid-list home-shop__list" aria-label="From the shop">
      {shown.map((product) => (
        <li key={product.id}>
          <Link to={`/shop/${product.id}`} className="home-shop__item">
            <ProductImage product={product} sizes="(min-width: 75rem) 15rem, (min-width: 56rem) 20vw, 33vw" />
            <span className="home-shop__name">{product.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A band's heading (h2) with the small line above it; the band is named by it. */
function Heading({ id, eyebrow, children }: { id: string; eyebrow: string; children: ReactNode }) {
  return (
    <>
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{children}</h2>
    </>
  );
}

function TruckMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 6.5h11v9H3zM14 9.5h3.5l3 3v3H14" />
      <circle cx="7" cy="17" r="1.8" fill="var(--color-bg)" />
      <circle cx="17" cy="17" r="1.8" fill="var(--color-bg)" />
    </svg>
  );
}
