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
  // Only watches the offer (OwnOfferSection asks for it): a second asker mounted later would fetch it again.
  const ownOffer = useOwnOffer({ enabled: false });
  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) {
    return <LoadFailed title={profileTexts.unableToLoad} detail={profileTexts.loadFailed} query={profile} />;
  }
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 pb-8">
      <ProfileHeader profile={profile.data} />
      <OwnOfferSection />
      {/* What follows your offer is shown once the offer is known (its lists load meanwhile): shown
          earlier, it would jump down under a finger about to tap it when the offer's card replaces
          the offer's spinner. */}
      <div className={ownOffer.isPending ? 'hidden' : 'contents'}>
        {viewer?.isDesigner ? null : <HireDesignerCard />}
        <ProfileCollections />
      </div>
    </div>
  );
}
