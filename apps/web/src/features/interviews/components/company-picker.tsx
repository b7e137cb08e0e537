import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useCompanies } from '../api';
import { CompanyLogo } from './company-logo';

/** One company at a time: picking it again, or 'All companies', lifts the filter. */
export function CompanyPicker({ company, onChange }: { company: string | undefined; onChange: (name: string | undefined) => void }) {
  const [open, setOpen] = React.useState(false);
  const companies = useCompanies();
  // The URL's name as typed in a link (any case); the list's spelling once it is found.
  const chosen = company === undefined ? undefined : (companies.data?.find((c) => c.name.toLowerCase() === company.toLowerCase()) ?? { id: '', name: company });
  const isChosen = (name: string) => name === chosen?.name;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label={chosen ? `Company: ${chosen.name}` : 'Company: all companies'}
          className="max-w-60 justify-between"
        >
          {chosen ? <CompanyLogo name={chosen.name} className="size-5" /> : <Building2 aria-hidden />}
          <span className="truncate">{chosen ? chosen.name : 'All companies'}</span>
          <ChevronsUpDown className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72 p-0">
        <Command>
          <CommandInput placeholder="Search companies..." aria-label="Search companies" />
          <CommandList>
            <CommandEmpty>No company found.</CommandEmpty>
            <CommandGroup>
              {(companies.data ?? []).map((company) => (
                <CommandItem
                  key={company.id}
                  value={company.name}
                  aria-checked={isChosen(company.name)}
                  onSelect={() => {
                    onChange(isChosen(company.name) ? undefined : company.name);
                    setOpen(false);
                  }}
                >
                  <CompanyLogo name={company.name} className="size-5" />
                  <span className="truncate">{company.name}</span>
                  {isChosen(company.name) ? <Check className="ml-auto size-4" aria-hidden /> : null}
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
