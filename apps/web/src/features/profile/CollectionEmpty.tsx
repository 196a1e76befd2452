/** An empty Boost Reel or Saved tab: what will show there, and the way to the feed. */
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';

export function CollectionEmpty({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line p-6 text-center">
      <p className="text-sm text-zinc-300">{text}</p>
      <Link to="/" className={buttonClass('outline', 'sm')}>
        Browse Feed
      </Link>
    </div>
  );
}
