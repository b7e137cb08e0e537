import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/document-title';
import { navGroups } from '@/lib/nav';

/** Target of "View Features": every area of the product, grouped as in the sidebar. */
export default function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Features</h1>
        <p className="text-muted-foreground">What Thunderprep does today, and what is coming soon.</p>
      </header>
      {navGroups.map((group) => (
        <section key={group.title} className="space-y-2">
          <h2 className="text-lg font-semibold">{group.title}</h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {group.items.map((item) => (
              <li key={item.to} className="flex items-center gap-3 rounded-md border p-3">
                <item.icon className="size-4 text-primary" aria-hidden />
                {item.badge === 'Soon' ? (
                  <span className="text-muted-foreground">{item.label} (coming soon)</span>
                ) : (
                  <Link to={item.to} className="font-medium hover:underline">
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
