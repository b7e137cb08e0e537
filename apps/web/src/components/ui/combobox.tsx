import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import * as React from 'react';
import { Button } from './button';
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from './command';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { cn } from '@/lib/utils';

export type ComboboxOption = {
  value: string;
  label: string;
  /** Shown before the label, in the list and (single select) on the trigger: a logo, an icon. */
  icon?: React.ReactNode;
  /** Shown at the end of the row, e.g. what picking it costs. */
  hint?: React.ReactNode;
  /** Options with the same group are listed together under it as a heading. */
  group?: string;
  /** Other words the search finds it by. */
  keywords?: string[];
};

type Shared = {
  options: readonly ComboboxOption[];
  /** What is picked, e.g. "Companies": names the popover and its listbox for screen readers. */
  label: string;
  /** The trigger's text while nothing is chosen. */
  placeholder?: string;
  searchPlaceholder: string;
  /** The search box's accessible name, e.g. "Search companies". */
  searchLabel: string;
  emptyText: React.ReactNode;
  /** Offers the typed text as a new entry when no option has that exact label. */
  onCreate?: (typed: string) => void;
  /** The create row's text; `Add "<typed>"` by default. */
  createLabel?: (typed: string) => React.ReactNode;
  /** What the trigger shows for a non-empty choice; by default the label (single) or "N selected" (multi). */
  renderValue?: (selected: ComboboxOption[]) => React.ReactNode;
  /** Replaces the trigger's whole content, chevron included (e.g. a "Filters" button with a count). */
  children?: React.ReactNode;
  contentClassName?: string;
};

type Single = Shared & {
  multiple?: false;
  value: string | undefined;
  onValueChange: (value: string | undefined) => void;
  /** Picking the chosen option again clears the choice (a filter), rather than keeping it. */
  deselectable?: boolean;
};

type Multiple = Shared & {
  multiple: true;
  value: readonly string[];
  onValueChange: (value: string[]) => void;
};

type TriggerProps = Omit<React.ComponentPropsWithoutRef<typeof Button>, 'value' | 'onChange' | 'children'>;

export type ComboboxProps = (Single | Multiple) & TriggerProps;

const matches = (option: ComboboxOption, typed: string) =>
  [option.label, option.group ?? '', ...(option.keywords ?? [])].some((text) => text.toLowerCase().includes(typed));

/**
 * A searchable picker: a trigger button (role=combobox) showing the choice, and a popover with a
 * search box and a named listbox (cmdk: arrows and Enter pick, Escape closes). Single select closes
 * on pick; multi select stays open and ticks. Groups get headings, never separators: a listbox may
 * hold only options and groups.
 */
export const Combobox = React.forwardRef<HTMLButtonElement, ComboboxProps>(function Combobox(props, ref) {
  const {
    options,
    label,
    placeholder,
    searchPlaceholder,
    searchLabel,
    emptyText,
    onCreate,
    createLabel = (typed) => `Add "${typed}"`,
    renderValue,
    children,
    contentClassName,
    multiple,
    value,
    onValueChange,
    className,
    ...rest
  } = props;
  const { deselectable, ...trigger } = rest as TriggerProps & { deselectable?: boolean };
  const [open, setOpen] = React.useState(false);
  const [search, setSearch] = React.useState('');
  const chosen: readonly string[] = multiple ? (value as readonly string[]) : value === undefined || value === '' ? [] : [value as string];
  const typed = search.trim();
  const shown = typed ? options.filter((o) => matches(o, typed.toLowerCase())) : options;
  const canCreate = !!onCreate && !!typed && !options.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  const groups = [...new Set(shown.map((o) => o.group))];

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setSearch('');
  };
  const pick = (option: string) => {
    if (multiple) {
      (onValueChange as Multiple['onValueChange'])(chosen.includes(option) ? chosen.filter((v) => v !== option) : [...chosen, option]);
      return;
    }
    (onValueChange as Single['onValueChange'])(deselectable && chosen.includes(option) ? undefined : option);
    openChange(false);
  };
  const create = () => {
    onCreate?.(typed);
    openChange(false);
  };

  const selected = options.filter((o) => chosen.includes(o.value));
  const display =
    children ??
    (selected.length === 0 ? (
      <span className="truncate text-muted-foreground">{placeholder}</span>
    ) : renderValue ? (
      renderValue(selected)
    ) : multiple ? (
      <span className="truncate">{`${selected.length} selected`}</span>
    ) : (
      <span className="flex min-w-0 items-center gap-2">
        {selected[0].icon}
        <span className="truncate">{selected[0].label}</span>
      </span>
    ));

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <Button
          ref={ref}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          className={cn('justify-between font-normal', trigger['aria-invalid'] === true && 'border-destructive', className)}
          {...trigger}
        >
          {display}
          {children ? null : <ChevronsUpDown className="opacity-50" aria-hidden />}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={label} className={cn('w-[var(--radix-popover-trigger-width)] min-w-60 p-0', contentClassName)}>
        <Command shouldFilter={false}>
          <CommandInput placeholder={searchPlaceholder} aria-label={searchLabel} value={search} onValueChange={setSearch} />
          {/* Within the room the viewport leaves below or above the trigger, less the search box: a list
              taller than that would run off the screen, with options nobody can scroll to. */}
          <CommandList label={label} className="max-h-[min(24rem,calc(var(--radix-popover-content-available-height)-2.75rem))]">
            {canCreate ? null : <CommandEmpty>{emptyText}</CommandEmpty>}
            {groups.map((group, i) => (
              <CommandGroup key={group ?? ''} heading={group} className={cn(i > 0 && 'border-t')}>
                {shown
                  .filter((o) => o.group === group)
                  .map((option) => {
                    const on = chosen.includes(option.value);
                    return (
                      <CommandItem key={option.value} value={option.value} onSelect={() => pick(option.value)} aria-checked={on}>
                        {multiple ? (
                          <span
                            className={cn(
                              'flex size-4 shrink-0 items-center justify-center rounded-sm border border-primary',
                              on ? 'bg-primary text-primary-foreground' : 'opacity-50',
                            )}
                            aria-hidden
                          >
                            {on ? <Check className="size-3" /> : null}
                          </span>
                        ) : null}
                        {option.icon}
                        <span className="truncate">{option.label}</span>
                        {option.hint ? <span className="ml-auto tabular-nums text-muted-foreground">{option.hint}</span> : null}
                        {!multiple && on ? <Check className={cn('size-4', !option.hint && 'ml-auto')} aria-hidden /> : null}
                      </CommandItem>
                    );
                  })}
              </CommandGroup>
            ))}
            {canCreate ? (
              <CommandGroup className={cn(groups.length > 0 && 'border-t')}>
                <CommandItem value={`create:${typed}`} onSelect={create}>
                  <Plus className="size-4" aria-hidden />
                  <span className="truncate">{createLabel(typed)}</span>
                </CommandItem>
              </CommandGroup>
            ) : null}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
});
