/** /profile (SPEC section 2): who you are, what your offer earned, your offer, and your Boost Reel. */
import { profileTexts } from '@gigreel/core';
import { BoostReel, OwnOfferSection, ProfileHeader, useProfile } from '../features/profile/index.ts';
import { Button } from '../ui/button.tsx';
import { EmptyState, Spinner } from '../ui/misc.tsx';

export default function ProfilePage() {
  const profile = useProfile();
  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) {
    return (
      <EmptyState
        title={profileTexts.unableToLoad}
        action={
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        }
      >
        <p role="alert">{profileTexts.loadFailed}</p>
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 pb-8">
      <ProfileHeader profile={profile.data} />
      <OwnOfferSection />
      <BoostReel />
    </div>
  );
}
