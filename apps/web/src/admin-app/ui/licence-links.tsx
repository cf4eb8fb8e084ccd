import { Link } from 'react-router';
import { StatusBadge } from './status-badge';

/** Licences as links to their screen, each with its status. */
export function LicenceLinks({
  licences,
}: {
  licences: readonly { id: string; key: string; status: string }[];
}) {
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {licences.map((licence) => (
        <li key={licence.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <Link to={`/licences/${licence.id}`} className="font-mono text-brand-700 hover:underline">
            {licence.key}
          </Link>
          <StatusBadge group="licence" value={licence.status} />
        </li>
      ))}
    </ul>
  );
}
