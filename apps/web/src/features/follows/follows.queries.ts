/**
 * Following over the typed client. The creator page says whether the viewer follows and how many do;
 * following or unfollowing says the server's word as a toast and puts its answer into that page at
 * once, then reads the viewer's own profile (their following count) again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreatorPage, FollowResult } from '@gigreel/core';
import { request } from '../../api/client.ts';

/** The creator page's key (features/explore/explore.queries.ts). */
const creatorKey = (userId: string) => ['creator', userId] as const;
/** The own profile's key (features/profile). */
const profileKey = ['profile'] as const;

export function useFollow(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      request(follow ? 'PUT /api/follows/:userId' : 'DELETE /api/follows/:userId', { params: { userId } }),
    onSuccess: (result: FollowResult) => {
      toast.success(result.message);
      client.setQueryData<CreatorPage>(creatorKey(userId), (page) =>
        page
          ? { ...page, viewerFollows: result.following, creator: { ...page.creator, followers: result.followers } }
          : page,
      );
      void client.invalidateQueries({ queryKey: profileKey });
    },
    onError: (error: Error) => toast.error(error.message),
  });
}
