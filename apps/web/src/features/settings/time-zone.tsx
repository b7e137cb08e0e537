import { Globe } from 'lucide-react';
import * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Combobox, ComboboxOption } from '@/components/ui/combobox';
import { toast } from '@/components/ui/use-toast';
import { browserTimeZone, useSetTimeZone, useTimeZone } from '@/lib/time-zone';

const zoneOption = (zone: string, now: Date): ComboboxOption => ({
  value: zone,
  label: zone.replace(/_/g, ' '),
  keywords: [zone],
  // Its offset now, e.g. "GMT+1".
  hint: new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value,
});

/** Every zone the browser knows, UTC too (which Intl does not list), A to Z. */
const knownZones = () => {
  const now = new Date();
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort().map((zone) => zoneOption(zone, now));
};

/** "Time zone" in Settings: the stored zone, else the browser's, and a searchable list to change it. */
export function TimeZoneSetting() {
  const zone = useTimeZone();
  const save = useSetTimeZone();
  const stored = zone.data?.time_zone ?? undefined;
  const shown = save.isPending ? save.variables : (stored ?? browserTimeZone());
  const known = React.useMemo(() => knownZones(), []);
  // A stored zone Intl spells another way (an old alias) is still shown and kept.
  const options = React.useMemo(() => (known.some((o) => o.value === shown) ? known : [zoneOption(shown, new Date()), ...known]), [known, shown]);

  const change = (next: string | undefined) => {
    if (!next || next === stored) return;
    save.mutate(next, {
      onSuccess: ({ data }) => toast({ title: 'Time zone saved', description: data.time_zone }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Could not change your time zone. Please try again.' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="time-zone-label" className="flex items-center gap-2">
          <Globe className="size-5 text-muted-foreground" aria-hidden /> Time zone
        </CardTitle>
        <CardDescription id="time-zone-description">
          Your days follow it: what is due today, your analytics and calendar, and the morning of your daily review e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Combobox
          options={options}
          value={shown}
          onValueChange={change}
          label="Time zones"
          searchPlaceholder="Search time zones..."
          searchLabel="Search time zones"
          emptyText="No time zone found."
          aria-labelledby="time-zone-label"
          aria-describedby="time-zone-description"
          data-testid="time-zone"
          disabled={zone.isPending}
          className="w-full sm:w-80"
          renderValue={([option]) => (
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate">{option.label}</span>
              <span className="text-muted-foreground">{option.hint}</span>
            </span>
          )}
        />
      </CardContent>
    </Card>
  );
}
