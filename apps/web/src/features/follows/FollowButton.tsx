/**
 * Follow or unfollow a creator. A visitor is asked to sign up (the Authentication Required dialog);
 * nobody sees it on their own page. One button serves both states, so focus stays on it as "Follow"
 * turns into "Following" and back; its name says whom it follows.
 */
import { UserCheck, UserPlus } from 'lucide-react';
import { followsTexts } from '@gigreel/core';
import { requireAuth, useViewer } from '../auth/index.ts';
import { Button } from '../../ui/button.tsx';
import { useFollow } from './follows.queries.ts';

export function FollowButton({
  userId,
  displayName,
  following,
}: {
  userId: string;
  displayName: string;
  following: boolean;
}) {
  const { viewer } = useViewer();
  const follow = useFollow(userId);
  if (viewer?.id === userId) return null;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      size="sm"
      className="shrink-0"
      busy={follow.isPending}
      aria-label={following ? followsTexts.unfollowName(displayName) : followsTexts.followName(displayName)}
      onClick={() => (viewer ? follow.mutate(!following) : requireAuth(followsTexts.signUp))}
    >
      {follow.isPending ? null : following ? (
        <UserCheck className="h-4 w-4" aria-hidden="true" />
      ) : (
        <UserPlus className="h-4 w-4" aria-hidden="true" />
      )}
      {following ? followsTexts.following : followsTexts.follow}
    </Button>
  );
}

/** "12 followers · 3 following". */
export function FollowCounts({ followers, following }: { followers: number; following: number }) {
  return (
    <p className="text-sm text-zinc-300">
      <span className="font-semibold text-white">{followsTexts.followers(followers)}</span>
      <span aria-hidden="true"> · </span>
      <span>{followsTexts.followingCount(following)}</span>
    </p>
  );
}
