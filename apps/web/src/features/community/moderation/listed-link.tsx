import { Link } from 'react-router-dom';

/** Under a link field refused because the link is listed already: where to find the listed one. */
export function ListedLink({ to, onFollow }: { to: string | undefined; onFollow(): void }) {
  if (!to) return null;
  return (
    <Link to={to} onClick={onFollow} className="text-sm text-primary underline-offset-4 hover:underline">
      See it in the list
    </Link>
  );
}
