import { PagePlaceholder } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';

/** Screens whose features later issues build: the loading placeholder until then. */
export default function ComingPage() {
  useDocumentTitle('Being built');
  return <PagePlaceholder label="This screen is being built" />;
}
