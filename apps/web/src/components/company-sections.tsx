import { createContext, useContext, type ReactNode } from 'react';

export interface CompanySectionProps {
  companyId: string;
  companyName: string;
}

/**
 * What another feature shows on a company's page (Ask a SWE's open questions beside the interview
 * reports). Features do not import each other, so the app passes the section in.
 */
export const CompanySectionsContext = createContext<((company: CompanySectionProps) => ReactNode) | null>(null);

/** Where a company's page shows the sections the app gave it; nothing when there are none. */
export function CompanySections(props: CompanySectionProps) {
  const render = useContext(CompanySectionsContext);
  return render ? render(props) : null;
}
