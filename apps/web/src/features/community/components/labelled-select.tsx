import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** A labelled choice of [value, text] options; `compact` for a row of filters above a list. */
export function LabelledSelect({
  id,
  label,
  value,
  onChange,
  options,
  compact = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  options: Array<[string, string]>;
  compact?: boolean;
}) {
  return (
    <div className={cn('space-y-1.5', compact && 'min-w-0 space-y-1')}>
      <Label htmlFor={id} className={cn(compact && 'text-xs text-muted-foreground')}>
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className={cn(compact && 'h-9 [&>span]:truncate')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, text]) => (
            <SelectItem key={v} value={v}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
