import { interviewSearchMax } from '@app/contracts';
import { Search } from 'lucide-react';
import * as React from 'react';
import { Input } from '@/components/ui/input';
import { FilterState } from '../filters';

/** Typing settles for this long before the URL (and the search) follows. */
const settleMs = 300;

/**
 * Searches the text of experiences (what each round asked, the problems named), with the filters.
 * The URL keeps it (?q=), written once typing pauses; Enter searches at once.
 */
export function SearchBox({ filters }: { filters: FilterState }) {
  const { search, setSearch } = filters;
  const [text, setText] = React.useState(search);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  // The URL changed from elsewhere (Clear Filters, back): the box shows what is searched.
  const [shown, setShown] = React.useState(search);
  if (shown !== search) {
    setShown(search);
    if (text.trim() !== search) setText(search);
  }
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (value: string, after: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearch(value), after);
  };
  return (
    <form
      role="search"
      aria-label="Interview experiences"
      className="relative w-full sm:w-80"
      onSubmit={(e) => {
        e.preventDefault();
        settle(text, 0);
      }}
    >
      <label htmlFor="interview-search" className="sr-only">
        Search what was asked
      </label>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        id="interview-search"
        type="search"
        value={text}
        maxLength={interviewSearchMax}
        placeholder="Search what was asked, e.g. LRU cache"
        className="pl-8"
        onChange={(e) => {
          setText(e.target.value);
          settle(e.target.value, settleMs);
        }}
      />
    </form>
  );
}
