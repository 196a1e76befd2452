/** Help and legal links (SPEC: /faq, /how-it-works, /terms, /privacy) and the rest of the about pages. */
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

const links = [
  { to: '/faq', label: 'FAQ' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];
const more = [
  { to: '/terms-policies', label: 'Terms & Policies' },
  { to: '/company', label: 'Company' },
  { to: '/program', label: 'Creator Program' },
];

export function SettingsLinks() {
  return (
    <nav aria-label="Help and legal" className="flex flex-col gap-4">
      <LinkList items={links} />
      <LinkList items={more} />
    </nav>
  );
}

function LinkList({ items }: { items: Array<{ to: string; label: string }> }) {
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-panel">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="flex items-center justify-between px-4 py-3.5 text-sm font-medium text-zinc-100 hover:bg-white/5"
          >
            {item.label}
            <ChevronRight className="h-4 w-4 text-zinc-400" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
