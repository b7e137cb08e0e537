import { ArrowRight, BarChart3, Check, Code2, Users, Zap } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/document-title';

const features = [
  {
    to: '/candidate-interviews',
    icon: Users,
    title: 'Real interview experiences',
    text: 'Rounds, topics and outcomes shared by candidates, per company and level.',
  },
  { to: '/analytics', icon: BarChart3, title: 'Readiness analytics', text: 'See what you are forgetting before the interviewer does.' },
  {
    to: '/leetcode',
    icon: Code2,
    title: 'Spaced-repetition tracker',
    text: 'Log every attempt; retention decays with time, so you review the right problem next.',
  },
];

const tiers = [
  {
    name: 'Free',
    price: '$0',
    note: 'forever',
    perks: [
      'Problem tracker with retention scores',
      'Community interview experiences',
      'Opportunities and resources',
      'Monthly credits for AI mock interviews',
    ],
  },
  {
    name: 'Basic',
    price: '$99',
    note: 'lifetime, not on sale yet',
    perks: ['Everything in Free', '10 hours/month of AI mock interviews', 'Unlimited custom exercises'],
  },
  {
    name: 'Interview God',
    price: '$299',
    note: 'lifetime, not on sale yet',
    perks: ['Everything in Basic', 'Priority access to new features', 'For the candidate who never fails'],
  },
];

export default function LandingPage() {
  useDocumentTitle('Never fail an interview again');
  // The router does not follow a #fragment into a lazily loaded page: the page does once it is there.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="mx-auto max-w-6xl space-y-20 pb-10">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-slate-900 px-6 py-16 text-white sm:px-12">
        {/* On a phone the bolt would sit under the heading: it stays in the corner, clear of the text. */}
        <Zap
          className="pointer-events-none absolute -right-10 -top-10 size-28 rotate-12 fill-yellow-300/10 text-yellow-300/20 sm:-right-8 sm:-top-8 sm:size-64"
          aria-hidden
          data-testid="hero-bolt"
        />
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm">
          <Zap className="size-4 fill-yellow-300 text-yellow-300" aria-hidden /> Interview prep that remembers for you
        </p>
        <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-6xl">Never fail an interview again</h1>
        <p className="mt-6 max-w-xl text-lg text-indigo-100">
          Track every coding problem with spaced repetition, learn from candidates who just interviewed where you are applying, and rehearse with an AI
          interviewer.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg" className="bg-yellow-300 text-slate-900 hover:bg-yellow-200">
            <Link to="/leetcode">
              Get Started <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white">
            <Link to="/features">View Features</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="space-y-6">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight">
          Everything you need between now and the offer
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {features.map(({ to, icon: Icon, title, text }) => (
            <Link key={to} to={to} className="group rounded-lg focus-visible:outline-none">
              <Card className="h-full transition-shadow group-hover:shadow-md group-focus-visible:ring-2 group-focus-visible:ring-ring">
                <CardHeader>
                  <Icon className="mb-2 size-6 text-primary" aria-hidden />
                  <CardTitle className="text-base">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          ))}
        </div>
      </section>

      {/* Marketing only (spec): nothing here can be bought, and the section says so rather than sell it. */}
      <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 space-y-6">
        <div className="text-center">
          <h2 id="pricing-heading" className="text-2xl font-bold tracking-tight">
            Pricing
          </h2>
          <p className="text-muted-foreground" data-testid="pricing-note">
            Every account is on Free for now.
          </p>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          {tiers.map((tier) => (
            <Card key={tier.name} className="flex flex-col">
              <CardHeader>
                <CardTitle>{tier.name}</CardTitle>
                <p>
                  <span className="text-4xl font-extrabold">{tier.price}</span> <span className="block text-sm text-muted-foreground">{tier.note}</span>
                </p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="space-y-2 text-sm">
                  {tier.perks.map((perk) => (
                    <li key={perk} className="flex gap-2">
                      <Check className="size-4 shrink-0 text-emerald-600" aria-hidden /> {perk}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
