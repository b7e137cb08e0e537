import { CreateInterview, createInterviewSchema, offerCurrencies } from '@app/contracts';
import { Lock } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The offer fields as typed: all blank means no offer details. */
export type OfferDraft = Record<'currency' | 'base' | 'bonus' | 'equity' | 'level', string>;
type Field = keyof OfferDraft;
export const blankOffer = (): OfferDraft => ({ currency: '', base: '', bonus: '', equity: '', level: '' });

const offerField = createInterviewSchema.shape.offer;

/** The draft checked as the server checks it: the details to send (null when all blank), or each field's message. */
export function checkOffer(draft: OfferDraft): { offer: CreateInterview['offer'] } | { errors: Partial<Record<Field, string>> } {
  const parsed = offerField.safeParse(draft);
  if (parsed.success) return { offer: parsed.data ?? null };
  return { errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
}

const amounts: { name: Exclude<Field, 'currency' | 'level'>; label: string }[] = [
  { name: 'base', label: 'Base salary per year' },
  { name: 'bonus', label: 'Bonus per year' },
  { name: 'equity', label: 'Equity per year' },
];

/** Optional offer details, with the outcome Offer: never shown with the report, only as the company's ranges. */
export function OfferFields({ value, onChange, errors }: { value: OfferDraft; onChange: (next: OfferDraft) => void; errors: Partial<Record<Field, string>> }) {
  const set = (name: Field, v: string) => onChange({ ...value, [name]: v });
  const described = (name: Field) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `offer-${name}-error` } : {});
  return (
    <fieldset className="space-y-3 rounded-md border p-3" data-testid="offer-fields">
      <legend className="px-1 text-sm font-medium">Offer details (optional)</legend>
      <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
        <Lock className="mt-0.5 size-3 shrink-0" aria-hidden /> Never shown with your interview: only as rounded ranges for the company once at least 3 reports
        have them.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="offer-currency">Currency</Label>
          <Select value={value.currency} onValueChange={(v) => set('currency', v)}>
            <SelectTrigger id="offer-currency" {...described('currency')}>
              <SelectValue placeholder="Select a currency" />
            </SelectTrigger>
            <SelectContent>
              {offerCurrencies.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id="offer-currency-error" message={errors.currency} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="offer-level">Level at the company</Label>
          <Input
            id="offer-level"
            placeholder="e.g. L4, E5, SDE II"
            value={value.level}
            onChange={(e) => set('level', e.target.value)}
            {...described('level')}
          />
          <FieldError id="offer-level-error" message={errors.level} />
        </div>
        {amounts.map((a) => (
          <div key={a.name} className="grid gap-1.5">
            <Label htmlFor={`offer-${a.name}`}>{a.label}</Label>
            <Input
              id={`offer-${a.name}`}
              inputMode="numeric"
              placeholder="Whole amount"
              value={value[a.name]}
              onChange={(e) => set(a.name, e.target.value.replace(/[\s,]/g, ''))}
              {...described(a.name)}
            />
            <FieldError id={`offer-${a.name}-error`} message={errors[a.name]} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
