/**
 * /settings (SPEC section 2): edit profile, the account (email, password, signed-in devices), notifications
 * (push on this device, and each topic in the app, by email and by push), the people you blocked, install
 * the app, help and legal links, your data (download, delete the account), log out. Back goes to /profile.
 */
import { LogOut } from 'lucide-react';
import { blocksTexts, notificationSettingsTexts, profileTexts } from '@gigreel/core';
import { AccountSection, SignedInDevices, useAccount, useDevices, YourData } from '../features/account/index.ts';
import { useLogOut } from '../features/auth/index.ts';
import { BlockedPeople, useBlockedPeople } from '../features/blocks/index.ts';
import { GetAppButton } from '../features/layout/index.ts';
import { NotificationSettings, useNotificationSettings } from '../features/notifications/index.ts';
import { useProfile } from '../features/profile/index.ts';
import { PushToggle } from '../features/push/index.ts';
import { AvatarEditor, ProfileForm, SettingsLinks } from '../features/settings/index.ts';
import { Button } from '../ui/button.tsx';
import { Card, Spinner, LoadFailed } from '../ui/misc.tsx';

export default function SettingsPage() {
  // Every section asks for its data at once, and the sections are shown when all of it is known:
  // shown as each answer came, a section's spinner turning into its content pushed the sections
  // below it down (Edit Profile's form moved "Change email" 500 px) just as a finger went for them.
  // They are there but hidden meanwhile, so that each question is asked once.
  const sections = [useProfile(), useAccount(), useDevices(), useNotificationSettings(), useBlockedPeople()];
  const loading = sections.some((section) => section.isPending);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 pb-8 pt-4">
      {/* The header's back arrow goes to /profile (SPEC section 2). */}
      <h1 className="text-2xl font-bold text-white">Settings</h1>
      {loading ? <Spinner label="Loading your settings" /> : null}
      <div className={loading ? 'hidden' : 'contents'}>
        <SettingsSections />
      </div>
    </div>
  );
}

function SettingsSections() {
  const profile = useProfile();
  const logOut = useLogOut();
  return (
    <>
      <section aria-labelledby="edit-profile-title" className="flex flex-col gap-3">
        <h2 id="edit-profile-title" className="text-lg font-bold text-white">
          Edit Profile
        </h2>
        {profile.isError ? (
          <LoadFailed title={profileTexts.unableToLoad} detail={profileTexts.loadFailed} query={profile} />
        ) : profile.data ? (
          <Card className="flex flex-col gap-5">
            <AvatarEditor profile={profile.data} />
            <ProfileForm profile={profile.data} />
            <p className="text-xs text-zinc-400">
              Signed in as <span className="text-zinc-200">{profile.data.email}</span>
            </p>
          </Card>
        ) : null}
      </section>
      <AccountSection />
      <SignedInDevices />
      <section aria-labelledby="notification-settings-title" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="notification-settings-title" className="text-lg font-bold text-white">
            {notificationSettingsTexts.title}
          </h2>
          <p className="text-sm text-zinc-400">{notificationSettingsTexts.hint}</p>
        </div>
        <PushToggle />
        <NotificationSettings />
      </section>
      <section aria-labelledby="blocked-title" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="blocked-title" className="text-lg font-bold text-white">
            {blocksTexts.listTitle}
          </h2>
          <p className="text-sm text-zinc-400">{blocksTexts.listHint}</p>
        </div>
        <BlockedPeople />
      </section>
      <section aria-labelledby="app-title" className="flex flex-col gap-3">
        <h2 id="app-title" className="text-lg font-bold text-white">
          The App
        </h2>
        <Card className="flex items-center justify-between gap-3 p-4">
          <p className="text-sm text-zinc-300">Add GigReel to your home screen for a full-screen feed.</p>
          <GetAppButton />
        </Card>
      </section>
      <section aria-labelledby="help-title" className="flex flex-col gap-3">
        <h2 id="help-title" className="text-lg font-bold text-white">
          Help &amp; Legal
        </h2>
        <SettingsLinks />
      </section>
      <YourData />
      <Button variant="destructive" size="lg" onClick={() => void logOut()}>
        <LogOut className="h-5 w-5" aria-hidden="true" />
        Log Out
      </Button>
    </>
  );
}
