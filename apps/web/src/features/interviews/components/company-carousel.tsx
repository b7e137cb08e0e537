import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Pause, Play } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { companyPath } from '../format';
import { CompanyLogo } from './company-logo';

/** Five well-known technology companies (seeded), each a way into its page. */
const featured = ['Google', 'Meta', 'Amazon', 'Apple', 'Microsoft'];

/**
 * Rotates every 2,000 ms and loops (spec), with what WCAG 2.2.2 asks of moving content: a visible
 * Pause button, a pause while the pointer or the focus is on it, and no motion at all for reduced
 * motion. Pausing is the page's own state, so leaving the carousel does not start it again.
 */
export function CompanyCarousel() {
  const still = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const [viewport, api] = useEmblaCarousel(
    { loop: true, align: 'start' },
    still ? [] : [Autoplay({ delay: 2000, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false })],
  );
  const [paused, setPaused] = React.useState(false);
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const moving = !still && !paused && !hovered && !focused;
  // Whether it does rotate, as the plugin reports it (and the browser tests read).
  const [rotating, setRotating] = React.useState(false);

  React.useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!api || !autoplay) return;
    const follow = () => setRotating(autoplay.isPlaying());
    api.on('autoplay:play', follow).on('autoplay:stop', follow);
    if (moving) autoplay.play();
    else autoplay.stop();
    follow();
    return () => void api.off('autoplay:play', follow).off('autoplay:stop', follow);
  }, [api, moving]);

  return (
    <section aria-label="Companies" className="flex items-center gap-2" data-playing={rotating}>
      {/* The slides only: over or on the Play button, a click must start it at once. */}
      <div
        className="min-w-0 flex-1 overflow-hidden"
        ref={viewport}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
        }}
      >
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
      </div>
      {still ? null : (
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label={paused ? 'Play the company carousel' : 'Pause the company carousel'}
          title={paused ? 'Play' : 'Pause'}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
        </Button>
      )}
    </section>
  );
}
