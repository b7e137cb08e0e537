import { Inject, Injectable } from '@nestjs/common';
import { offerBands, offerRangeRules } from '@app/contracts';
import { Database, LOGGER, Logger } from '@app/service-kit';

/** How often the job asks whether the day's publication is due: ranges may appear this much after midnight UTC. */
export const offerRangesCheckEveryMs = 10 * 60 * 1000;

const bands = JSON.stringify(
  Object.entries(offerBands).map(([currency, band]) => ({
    currency,
    base_min: band.baseMin,
    base_max: band.baseMax,
    extra_max: band.extraMax,
    step: band.step,
  })),
);

/** A figure's quartiles, each rounded to the currency's step. */
const rounded = (quartiles: string) =>
  `jsonb_build_object('p25', round(${quartiles}[1]::numeric / step) * step, 'median', round(${quartiles}[2]::numeric / step) * step,
     'p75', round(${quartiles}[3]::numeric / step) * step)`;

/**
 * Companies' offer ranges, published once a UTC day into published_offer_ranges (what the company
 * page reads), never on a write: comparing the page before and after a report shows nothing
 * (docs/salary-privacy.md). Counted: accounts confirmed and registered at least accountMinAgeDays
 * before, one report per account, company and currency (its newest with a base inside the
 * currency's band), groups of at least minAccounts accounts; a bonus or equity beyond the band is
 * left out on its own. A job of the kit's runner checks every 10 minutes, on one replica at a time
 * (the first check right after the start); the UPDATE of the one publication row makes it once a
 * day, also against a publication by hand, and the whole publication is one transaction.
 */
@Injectable()
export class OfferRangesPublisher {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Publishes unless this UTC day's publication is done (here or by another replica); answers whether it published. */
  publishIfDue(): Promise<boolean> {
    return this.publish(true);
  }

  /** Publishes now, due or not (admin.js publish-offer-ranges, e.g. after a report was taken down). */
  publishNow(): Promise<boolean> {
    return this.publish(false);
  }

  private publish(onlyIfDue: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const due = await tx.query(
        `UPDATE offer_ranges_publication SET published_at = now()
         WHERE NOT $1 OR published_at IS NULL OR published_at < date_trunc('day', now(), 'UTC') RETURNING 1`,
        [onlyIfDue],
      );
      if (!due.rowCount) return false;
      await tx.query('DELETE FROM published_offer_ranges');
      const published = await tx.query(
        `WITH bands AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(currency text, base_min numeric, base_max numeric, extra_max numeric, step numeric)
         ), counted AS (
           SELECT DISTINCT ON (i.company_id, i.offer_currency, i.user_id)
             i.company_id, i.offer_currency AS currency, i.offer_level AS level, i.offer_base AS base,
             CASE WHEN i.offer_bonus <= b.extra_max THEN i.offer_bonus END AS bonus,
             CASE WHEN i.offer_equity <= b.extra_max THEN i.offer_equity END AS equity, b.step
           FROM candidate_interviews i
           JOIN bands b ON b.currency = i.offer_currency
           JOIN known_accounts a ON a.user_id = i.user_id
           WHERE i.offer_base BETWEEN b.base_min AND b.base_max
             AND a.confirmed_at IS NOT NULL AND a.registered_at <= now() - make_interval(days => $2)
           ORDER BY i.company_id, i.offer_currency, i.user_id, i.created_at DESC, i.id DESC
         ), grouped AS (
           SELECT company_id, currency, NULL::text AS level_key, NULL::text AS level, base, bonus, equity, step FROM counted
           UNION ALL
           SELECT company_id, currency, lower(btrim(level)), btrim(level), base, bonus, equity, step FROM counted WHERE btrim(level) <> ''
         ), figures AS (
           SELECT company_id, currency, level_key, mode() WITHIN GROUP (ORDER BY level) AS level, count(*)::int AS reports, min(step) AS step,
             percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY base) AS base,
             count(bonus) AS bonus_reports, percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY bonus) AS bonus,
             count(equity) AS equity_reports, percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY equity) AS equity
           FROM grouped GROUP BY company_id, currency, level_key HAVING count(*) >= $3
         ), ranked AS (
           SELECT *, max(reports) OVER (PARTITION BY company_id, currency) AS currency_reports FROM figures
         )
         INSERT INTO published_offer_ranges (company_id, ranges)
         SELECT company_id, jsonb_agg(jsonb_build_object('currency', currency, 'level', level, 'reports', reports, 'base', ${rounded('base')},
             'bonus', CASE WHEN bonus_reports >= $3 THEN ${rounded('bonus')} END, 'equity', CASE WHEN equity_reports >= $3 THEN ${rounded('equity')} END)
           ORDER BY currency_reports DESC, currency, level_key NULLS FIRST)
         FROM ranked GROUP BY company_id`,
        [bands, offerRangeRules.accountMinAgeDays, offerRangeRules.minAccounts],
      );
      this.logger.info({ companies: published.rowCount }, 'offer ranges published');
      return true;
    });
  }
}
