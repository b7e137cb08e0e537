import { CompanyInsights, offerRangeRules } from '@app/contracts';
import { Lock } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type Group = CompanyInsights['offer_ranges'][number];
type Range = Group['base'];

/** 140000 USD as "$140K": the figures are rounded already, a compact form reads as the estimate it is. */
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(amount);

function Figure({ label, range, currency }: { label: string; range: Range | null; currency: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">
        {range ? (
          <>
            <span className="font-medium">
              {money(range.p25, currency)} – {money(range.p75, currency)}
            </span>
            <span className="text-muted-foreground"> · median {money(range.median, currency)}</span>
          </>
        ) : (
          <span className="text-muted-foreground">Too few reports</span>
        )}
      </dd>
    </div>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The company's offers as ranges (middle half and median) per currency and level, as published
 * once a day from enough candidates (offerRangeRules); never one report's figures.
 */
export function OfferRanges({ insights }: { insights: CompanyInsights }) {
  return (
    <Card data-testid="offer-ranges">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Offers</CardTitle>
        <CardDescription>Yearly figures from candidates’ offer details: the middle half of offers, and the median. Updated once a day.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {insights.offer_ranges.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Offer ranges appear once at least {offerRangeRules.minAccounts} candidates, each with a confirmed account older than{' '}
            {offerRangeRules.accountMinAgeDays} days, share offer details here, at the next daily update.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {insights.offer_ranges.map((g) => (
              <li key={`${g.currency}/${g.level ?? ''}`} className="rounded-md border p-3 text-sm" data-testid="offer-range">
                <h3 className="mb-2 font-medium">
                  {g.currency} · {g.level ?? 'All levels'} <span className="font-normal text-muted-foreground">(from {g.reports} candidates)</span>
                </h3>
                <dl className="grid gap-2">
                  <Figure label="Base" range={g.base} currency={g.currency} />
                  <Figure label="Bonus" range={g.bonus} currency={g.currency} />
                  <Figure label="Equity per year" range={g.equity} currency={g.currency} />
                </dl>
              </li>
            ))}
          </ul>
        )}
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Lock className="mt-0.5 size-3 shrink-0" aria-hidden />
          <span>
            Rounded to 1,000 (in dollars, euros or pounds), one report per candidate, never one report’s figures.
            {insights.offer_ranges_published_at ? ` Last updated ${dayFormat.format(new Date(insights.offer_ranges_published_at))}.` : null}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
