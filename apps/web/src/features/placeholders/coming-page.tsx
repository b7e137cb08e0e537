import { PagePlaceholder } from '@/components/ui/skeleton';

/** Screens whose features later issues build: the loading placeholder until then. */
export default function ComingPage() {
  return <PagePlaceholder label="This screen is being built" />;
}
