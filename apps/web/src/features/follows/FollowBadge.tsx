/**
 * The small badge on a creator's avatar in the feed, as short-video apps have it: "+" follows them, a
 * check shows one follows and unfollows. Its name says which ("Follow Maya" / "Unfollow Maya"), so it
 * is not also a pressed toggle. A visitor is asked to sign up; nobody sees it on their own
 * offer, and a signed-in viewer sees it once the feed state said whether they follow.
 */
import { Check, Plus } from 'lucide-react';
import { followsTexts } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { requireAuth, useViewer } from '../auth/index.ts';
import { useFollow, useFollowsCreator } from './follows.queries.ts';

export function FollowBadge({
  userId,
  displayName,
  following: fromServer,
  className,
}: {
  userId: string;
  displayName: string;
  /** What the feed state says (undefined while it loads). */
  following: boolean | undefined;
  className?: string;
}) {
  const { viewer } = useViewer();
  const follow = useFollow(userId);
  const following = useFollowsCreator(userId, fromServer);
  if (viewer?.id === userId || (viewer && following === undefined)) return null;
  return (
    <button
      type="button"
      aria-label={following ? followsTexts.unfollowName(displayName) : followsTexts.followName(displayName)}
      disabled={follow.isPending}
      onClick={() => (viewer ? follow.mutate(!following) : requireAuth(followsTexts.signUp))}
      className={cn(
        'flex h-6 w-6 items-center justify-center rounded-full shadow-md ring-2 ring-black/40 transition-colors disabled:opacity-70 [text-shadow:none]',
        following ? 'bg-white text-brand-600' : 'bg-brand-600 text-white hover:bg-brand-700',
        className,
      )}
    >
      {following ? (
        <Check className="h-3.5 w-3.5" strokeWidth={3.5} aria-hidden="true" />
      ) : (
        <Plus className="h-3.5 w-3.5" strokeWidth={3.5} aria-hidden="true" />
      )}
    </button>
  );
}
