/** Who you are on GigReel: avatar, name, bio, join date, followers and following, and what your offer has earned. */
import { Rocket, Settings, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { profileTexts, type OwnProfile } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { FollowCounts } from '../follows/index.ts';

export function ProfileHeader({ profile }: { profile: OwnProfile }) {
  return (
    <section aria-labelledby="profile-name" className="relative flex flex-col items-center gap-3 px-4 pt-6 text-center">
      <Link
        to="/settings"
        aria-label="Settings"
        className={buttonClass('ghost', 'icon', 'absolute right-2 top-2 rounded-full')}
      >
        <Settings className="h-5 w-5" aria-hidden="true" />
      </Link>
      <Avatar name={profile.displayName} src={profile.profileImage} size={96} />
      <div className="flex flex-col gap-1">
        <h1 id="profile-name" className="text-2xl font-bold text-white">
          {profile.displayName}
        </h1>
        {profile.bio ? <p className="max-w-xs text-sm text-zinc-300">{profile.bio}</p> : null}
        <p className="text-xs text-zinc-400">{profileTexts.joined(profile.joinedAt)}</p>
        <FollowCounts followers={profile.followers} following={profile.following} />
      </div>
      <dl className="mt-1 grid w-full max-w-xs grid-cols-2 gap-3">
        <Stat
          icon={<Rocket className="h-4 w-4" aria-hidden="true" />}
          label={profile.boostCount === 1 ? 'Boost' : 'Boosts'}
          value={profile.boostCount}
        />
        <Stat
          icon={<Sparkles className="h-4 w-4" aria-hidden="true" />}
          label={profile.reactionCount === 1 ? 'Reaction' : 'Reactions'}
          value={profile.reactionCount}
        />
      </dl>
    </section>
  );
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line bg-panel px-3 py-3">
      <dd className="text-xl font-bold tabular-nums text-white">{value.toLocaleString('en-US')}</dd>
      <dt className="flex items-center gap-1 text-xs text-zinc-300">
        {icon}
        {label}
      </dt>
    </div>
  );
}
