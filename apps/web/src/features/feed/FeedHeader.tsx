/**
 * The feed's header (issue 18 and 19): the For You and Following tabs, and on a phone the ways to
 * Explore and Boosted that the desktop's sidebar has. The tabs follow the tab pattern: one tab stop,
 * the arrow keys move between them, and the chosen one is in the address (/?feed=following).
 */
import { Compass, Rocket } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { offerTexts } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import type { FeedTab } from './feed.queries.ts';

const TABS: Array<{ tab: FeedTab; label: string }> = [
  { tab: 'forYou', label: offerTexts.forYou },
  { tab: 'following', label: offerTexts.followingFeed },
];

/** A tab chosen with the keys changes the screen under the header (the feed or its empty state), which mounts it anew: the new one takes the focus back. */
let focusChosenTab = false;

const iconLink =
  'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.8)] hover:bg-white/10 max-[359px]:w-8';

export function FeedHeader({ tab, onTab }: { tab: FeedTab; onTab: (tab: FeedTab) => void }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => {
    if (!focusChosenTab) return;
    focusChosenTab = false;
    buttons.current[TABS.findIndex((item) => item.tab === tab)]?.focus();
  }, [tab]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = TABS.findIndex((item) => item.tab === tab);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    focusChosenTab = true;
    onTab(TABS[next]!.tab);
  };
  return (
    <div className="flex min-w-0 flex-1 items-center gap-0.5">
      <nav aria-label="Discover" className="flex shrink-0 items-center md:hidden">
        <Link to="/explore" aria-label="Explore" title="Explore" className={iconLink}>
          <Compass className="h-5 w-5" aria-hidden="true" />
        </Link>
        <Link to="/boosted" aria-label="Boosted" title="Boosted" className={iconLink}>
          <Rocket className="h-5 w-5" aria-hidden="true" />
        </Link>
      </nav>
      <div role="tablist" aria-label="Feeds" className="flex min-w-0 flex-1 items-center justify-center gap-0.5">
        {TABS.map((item, i) => {
          const selected = item.tab === tab;
          return (
            <button
              key={item.tab}
              ref={(element) => {
                buttons.current[i] = element;
              }}
              type="button"
              role="tab"
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTab(item.tab)}
              onKeyDown={onKeyDown}
              className={cn(
                'relative h-9 shrink-0 whitespace-nowrap rounded-full px-2 text-[15px] font-bold [text-shadow:0_1px_3px_rgba(0,0,0,0.8)] max-[359px]:px-1.5 max-[359px]:text-sm',
                selected ? 'text-white' : 'text-white/65 hover:text-white',
              )}
            >
              {item.label}
              <span
                aria-hidden="true"
                className={cn(
                  'absolute inset-x-3 bottom-0.5 h-0.5 rounded-full bg-white transition-opacity motion-reduce:transition-none',
                  selected ? 'opacity-100' : 'opacity-0',
                )}
              />
            </button>
          );
        })}
      </div>
    </div>
  );
}
