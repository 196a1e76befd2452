/**
 * Following over the typed client. The creator page says whether the viewer follows and how many do;
 * following or unfollowing says the server's word as a toast and puts its answer into that page at
 * once, keeps it for the feed's avatar badges (which read their first answer with the feed state),
 * then reads the viewer's own profile (their following count) and the Following feed again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import type { CreatorPage, FollowResult } from '@gigreel/core';
import { request } from '../../api/client.ts';
import { useViewer } from '../auth/index.ts';

/** The creator page's key (features/explore/explore.queries.ts). */
const creatorKey = (userId: string) => ['creator', userId] as const;
/** The own profile's key (features/profile). */
const profileKey = ['profile'] as const;
/** The Following feed's key (features/feed/feed.queries.ts), for every viewer. */
const followingFeedKey = ['feed-following'] as const;

/** What the viewer chose since the feed state was read, by viewer and creator: the server's answer to it. */
const chosen = new Map<string, boolean>();
const listeners = new Set<() => void>();
const choiceKey = (viewerId: string, userId: string) => `${viewerId}\u0000${userId}`;

/** Whether the viewer follows the creator: their latest choice here, else what the server said (undefined: not known yet). */
export function useFollowsCreator(userId: string, fromServer: boolean | undefined): boolean | undefined {
  const { viewer } = useViewer();
  const choice = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (viewer ? chosen.get(choiceKey(viewer.id, userId)) : undefined),
  );
  return choice ?? fromServer;
}

export function useFollow(userId: string) {
  const client = useQueryClient();
  const { viewer } = useViewer();
  return useMutation({
    mutationFn: (follow: boolean) =>
      request(follow ? 'PUT /api/follows/:userId' : 'DELETE /api/follows/:userId', { params: { userId } }),
    onSuccess: (result: FollowResult) => {
      toast.success(result.message);
      if (viewer) chosen.set(choiceKey(viewer.id, userId), result.following);
      listeners.forEach((listener) => listener());
      client.setQueryData<CreatorPage>(creatorKey(userId), (page) =>
        page
          ? { ...page, viewerFollows: result.following, creator: { ...page.creator, followers: result.followers } }
          : page,
      );
      void client.invalidateQueries({ queryKey: profileKey });
      // Read again when next shown, not now: an offer unfollowed on the Following tab stays on screen.
      void client.invalidateQueries({ queryKey: followingFeedKey, refetchType: 'none' });
    },
    onError: (error: Error) => toast.error(error.message),
  });
}
