import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Link } from 'react-router-dom';
import { companyPath } from '../format';
import { CompanyLogo } from './company-logo';

/** Five well-known technology companies (seeded), each a way into its page. */
const featured = ['Google', 'Meta', 'Amazon', 'Apple', 'Microsoft'];

/** Rotates every 2,000 ms and loops; it pauses while hovered or focused, and stays put for reduced motion. */
export function CompanyCarousel() {
  const still = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const [viewport] = useEmblaCarousel(
    { loop: true, align: 'start' },
    still ? [] : [Autoplay({ delay: 2000, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })],
  );
  return (
    <section aria-label="Companies" className="overflow-hidden" ref={viewport}>
      <ul className="flex">
        {featured.map((name) => (
          <li key={name} className="min-w-0 shrink-0 grow-0 basis-1/2 pr-3 sm:basis-1/3">
            <Link
              to={companyPath(name)}
              className="flex items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <CompanyLogo name={name} className="size-10" />
              <span className="truncate font-medium">{name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
