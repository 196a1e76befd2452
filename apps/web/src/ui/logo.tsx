/** The GigReel mark and name, linking home. */
import { Link } from 'react-router';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-extrabold tracking-tight text-white" aria-label="GigReel home">
      <svg viewBox="0 0 64 64" className="h-8 w-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#e11d48" />
        <path d="M24 18l22 14-22 14z" fill="#fff" />
      </svg>
      {compact ? <span className="text-lg">GigReel</span> : <span className="text-xl">GigReel</span>}
    </Link>
  );
}
