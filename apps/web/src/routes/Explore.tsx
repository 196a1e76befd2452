/** /explore: "Popular Hashtags", ranked by engagement (2 x boosts + favourites); a tag opens the feed filtered by it. */
import { ChevronRight, Flame } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { offerTexts } from '@gigreel/core';
import { usePopularTags } from '../features/explore/index.ts';
import { EmptyState, PageTitle, Spinner } from '../ui/misc.tsx';
import { cn } from '../ui/cn.ts';

const rankTone = ['bg-amber-400 text-black', 'bg-zinc-300 text-black', 'bg-orange-700 text-white'];

export default function ExplorePage() {
  const tags = usePopularTags();
  useEffect(() => {
    if (tags.error) console.warn('Failed to load popular tags', tags.error);
  }, [tags.error]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-5 md:py-2">
      <div className="flex items-center gap-2">
        <Flame className="h-6 w-6 text-brand-500" aria-hidden="true" />
        <PageTitle>Popular Hashtags</PageTitle>
      </div>
      {tags.isPending ? (
        <Spinner label="Loading hashtags" />
      ) : !tags.data || tags.data.tags.length === 0 ? (
        <EmptyState title={offerTexts.noHashtags} />
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Popular hashtags">
          {tags.data.tags.map((tag) => (
            <li key={tag.name}>
              <Link
                to={`/?tag=${encodeURIComponent(tag.name)}`}
                className="flex items-center gap-3 rounded-2xl border border-line bg-panel p-3 hover:border-brand-500/60 hover:bg-white/5"
              >
                <span
                  className={cn(
                    'flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-extrabold',
                    rankTone[tag.rank - 1] ?? 'bg-zinc-800 text-zinc-200',
                  )}
                  aria-label={`Rank ${tag.rank}`}
                >
                  #{tag.rank}
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-base font-bold text-white">#{tag.name}</span>
                  <span className="text-xs text-zinc-400">
                    {tag.offerCount} {tag.offerCount === 1 ? 'offer' : 'offers'}
                  </span>
                </span>
                <span className="flex flex-col items-end">
                  <span className="text-base font-bold tabular-nums text-brand-400">{tag.engagementScore}</span>
                  <span className="text-[11px] text-zinc-400">engagement</span>
                </span>
                <ChevronRight className="h-5 w-5 shrink-0 text-zinc-500" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
