import { CompanyInsights, offerRangeMinReports } from '@app/contracts';
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

/** The company's offers as ranges (middle half and median) per currency and level; never one report's figures. */
export function OfferRanges({ insights }: { insights: CompanyInsights }) {
  return (
    <Card data-testid="offer-ranges">
      <CardHeader className="pb-2">
        <CardTitle className="text-lg">Offers</CardTitle>
        <CardDescription>Yearly figures from candidates’ offer details: the middle half of offers, and the median.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {insights.offer_ranges.length === 0 ? (
          <p className="text-sm text-muted-foreground">Offer ranges appear once at least {offerRangeMinReports} reports here share offer details.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {insights.offer_ranges.map((g) => (
              <li key={`${g.currency}/${g.level ?? ''}`} className="rounded-md border p-3 text-sm" data-testid="offer-range">
                <h3 className="mb-2 font-medium">
                  {g.currency} · {g.level ?? 'All levels'} <span className="font-normal text-muted-foreground">({g.reports} reports)</span>
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
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Lock className="size-3" aria-hidden /> Figures are rounded and never shown for a single report.
        </p>
      </CardContent>
    </Card>
  );
}
