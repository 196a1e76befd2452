/**
 * The control under (or, for a thread, above) a paged list that loads its next page: shown only while
 * there is one, busy while it loads, its label naming what it loads. A failed load keeps what is shown
 * and says so above the button, which tries again.
 */
import { Button } from './button.tsx';
import { cn } from './cn.ts';

type PagedList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

export function ShowMore({
  list,
  texts,
  failed,
  onClick,
  className,
}: {
  list: PagedList;
  texts: { show: string; loading: string };
  /** What a failed load of the next page says (the list's own "Failed to load ..."). */
  failed?: string;
  /** Instead of fetching the next page directly (a thread keeps its scroll position around it). */
  onClick?: () => void;
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn('flex flex-col items-center gap-2 px-4 py-3', className)}>
      {failed && list.isFetchNextPageError && !list.isFetchingNextPage ? (
        <p role="alert" className="text-center text-sm text-red-300">
          {failed}
        </p>
      ) : null}
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
