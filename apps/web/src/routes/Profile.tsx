/** /profile (SPEC section 2): who you are, what your offer earned, your offer, hiring our designer, your Boost Reel and your saved offers. */
import { profileTexts } from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import { HireDesignerCard } from '../features/jobs/index.ts';
import { useOwnOffer } from '../features/offers/index.ts';
import { OwnOfferSection, ProfileCollections, ProfileHeader, useProfile } from '../features/profile/index.ts';
import { Spinner, LoadFailed } from '../ui/misc.tsx';

export default function ProfilePage() {
  const profile = useProfile();
  const { viewer } = useViewer();
  const ownOffer = useOwnOffer();
  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) {
    return <LoadFailed title={profileTexts.unableToLoad} detail={profileTexts.loadFailed} query={profile} />;
  }
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 pb-8">
      <ProfileHeader profile={profile.data} />
      <OwnOfferSection />
      {/* What follows your offer waits for it: drawn earlier, it would jump down under a finger
          about to tap it when the offer's card replaces the offer's spinner. */}
      {ownOffer.isPending ? null : (
        <>
          {viewer?.isDesigner ? null : <HireDesignerCard />}
          <ProfileCollections />
        </>
      )}
    </div>
  );
}
