import { Building2, ChevronsUpDown } from 'lucide-react';
import { Combobox } from '@/components/ui/combobox';
import { useCompanies } from '../api';
import { CompanyLogo } from './company-logo';

/** One company at a time: picking it again lifts the filter. */
export function CompanyPicker({ company, onChange }: { company: string | undefined; onChange: (name: string | undefined) => void }) {
  const companies = useCompanies();
  // The URL's name as typed in a link (any case); the list's spelling once it is found.
  const chosen = company === undefined ? undefined : (companies.data?.find((c) => c.name.toLowerCase() === company.toLowerCase())?.name ?? company);
  const options = (companies.data ?? []).map((c) => ({ value: c.name, label: c.name, icon: <CompanyLogo name={c.name} className="size-5" /> }));
  return (
    <Combobox
      options={options}
      value={chosen}
      onValueChange={onChange}
      deselectable
      label="Companies"
      searchPlaceholder="Search companies..."
      searchLabel="Search companies"
      emptyText="No company found."
      aria-label={chosen ? `Company: ${chosen}` : 'Company: all companies'}
      className="max-w-60 font-medium"
      contentClassName="w-72"
    >
      {chosen ? <CompanyLogo name={chosen} className="size-5" /> : <Building2 aria-hidden />}
      <span className="truncate">{chosen ?? 'All companies'}</span>
      <ChevronsUpDown className="opacity-50" aria-hidden />
    </Combobox>
  );
}
