/**
 * The control under (or, for a thread, above) a paged list that loads its next page: shown only while
 * there is one, busy while it loads, its label naming what it loads.
 */
import { Button } from './button.tsx';
import { cn } from './cn.ts';

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

export function ShowMore({
  list,
  texts,
  onClick,
  className,
}: {
  list: PagedList;
  texts: { show: string; loading: string };
  /** Instead of fetching the next page directly (a thread keeps its scroll position around it). */
  onClick?: () => void;
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center px-4 py-3', className)}>
      <Button
        variant="outline"
        size="sm"
        busy={list.isFetchingNextPage}
        onClick={onClick ?? (() => void list.fetchNextPage())}
      >
        {list.isFetchingNextPage ? texts.loading : texts.show}
      </Button>
    </div>
  );
}
