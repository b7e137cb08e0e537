import { limits, problemsPerRoundMax } from '@app/contracts';
import { X } from 'lucide-react';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';

/**
 * The problems asked in one round, by name: typed and added with Enter (or a comma), each shown as a
 * chip that can be taken out. Names can hold commas themselves ("Pow(x, n)") only through paste.
 */
export function ProblemsInput({ value, onChange, label }: { value: string[]; onChange: (names: string[]) => void; label: string }) {
  const [draft, setDraft] = React.useState('');
  const add = () => {
    const name = draft.trim().replace(/\s+/g, ' ');
    if (name && !value.some((v) => v.toLowerCase() === name.toLowerCase())) onChange([...value, name]);
    setDraft('');
  };
  return (
    <div className="space-y-1.5">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((name) => (
            <li key={name}>
              <Badge variant="secondary" className="gap-1 font-normal">
                {name}
                <button
                  type="button"
                  className="rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(value.filter((v) => v !== name))}
                >
                  <X className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        aria-label={label}
        placeholder={value.length >= problemsPerRoundMax ? `At most ${problemsPerRoundMax} problems` : 'Problems asked: type a name, press Enter'}
        disabled={value.length >= problemsPerRoundMax}
        maxLength={limits.titleMax}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={add}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          }
        }}
      />
    </div>
  );
}
