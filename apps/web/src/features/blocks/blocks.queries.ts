/**
 * Blocking over the typed client: whether the viewer blocked a person, block and unblock, and the
 * pages of the people they blocked. A block or an unblock says the server's word as a toast and reads
 * again what it changes: every block answer and list, the conversations and threads (the server
 * refuses messages from a blocked person) and the feed (neither sees the other's offer).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { request } from '../../api/client.ts';
import { useViewer } from '../auth/index.ts';
import { messagesKey } from '../realtime/index.ts';
import { blockDoneMessage, blockFailedTexts, canBlock } from './block-rules.ts';

const blocksKey = ['blocks'] as const;
const listKey = [...blocksKey, 'list'] as const;
const stateKey = (userId: string) => [...blocksKey, 'state', userId] as const;
/** The feed's pages and searches (features/feed/feed.queries.ts feedKey, as offers.queries.ts names it). */
const feedKey = ['feed'] as const;

/** The person blocked or unblocked: their id, and their name for the toast. */
type Person = { id: string; displayName: string };
type BlockResult = { blocked: boolean; message?: string | undefined };

/** Whether the viewer blocked this person; asked only for a signed-in viewer, and never about themselves. */
export function useBlockState(userId: string | null | undefined) {
  const { viewer } = useViewer();
  return useQuery({
    queryKey: stateKey(userId ?? ''),
    queryFn: ({ signal }) => request('GET /api/blocks/:userId', { params: { userId: userId ?? '' } }, { signal }),
    enabled: canBlock(viewer?.id, userId),
  });
}

/** The people the viewer blocked, newest first, 30 a page. */
export function useBlockedPeople() {
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) =>
      request('GET /api/blocks', { query: { cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * After a block or an unblock: the toast, the person's state at once, then everything it changes read
 * again. The block lists are awaited (the mutation stays busy until the list shows the change); the
 * conversations and the feed refresh behind it.
 */
function useAfterChange() {
  const client = useQueryClient();
  return (result: BlockResult, person: Person) => {
    toast.success(blockDoneMessage(result, person.displayName));
    client.setQueryData<BlockResult>(stateKey(person.id), { blocked: result.blocked });
    void client.invalidateQueries({ queryKey: messagesKey });
    void client.invalidateQueries({ queryKey: feedKey });
    return client.invalidateQueries({ queryKey: blocksKey });
  };
}

/** Blocks a person (again: no change). Its failure is shown in the confirmation, which stays open to try again. */
export function useBlock() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (person: Person) => request('PUT /api/blocks/:userId', { params: { userId: person.id } }),
    onSuccess: afterChange,
  });
}

/** Unblocks a person; a failure is a toast (query-client.ts) with the server's reason. */
export function useUnblock() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (person: Person) => request('DELETE /api/blocks/:userId', { params: { userId: person.id } }),
    onSuccess: afterChange,
    meta: { errorTitle: blockFailedTexts.unblock },
  });
}
