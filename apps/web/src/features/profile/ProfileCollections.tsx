/**
 * What the person collected, as two tabs under their offer: the Boost Reel (SPEC: /profile) and Saved
 * (their favourites, issue 19). The tab is kept in the address (?tab=saved), so coming back from an
 * offer opened here shows the same tab.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { profileTexts, savedTexts } from '@gigreel/core';
import { BoostReel } from './BoostReel.tsx';
import { SavedOffers } from './SavedOffers.tsx';

type Tab = 'boosted' | 'saved';

const trigger =
  'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-zinc-300 data-[state=active]:bg-brand-600 data-[state=active]:text-white';

export function ProfileCollections() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'saved' ? 'saved' : 'boosted';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setParams(value === 'saved' ? { tab: 'saved' } : {}, { replace: true })}
      className="flex flex-col gap-3 px-4"
    >
      <Tabs.List aria-label="Your collections" className="flex gap-1 rounded-xl border border-line bg-panel p-1">
        <Tabs.Trigger value="boosted" className={trigger}>
          {profileTexts.boostReel}
        </Tabs.Trigger>
        <Tabs.Trigger value="saved" className={trigger}>
          {savedTexts.tab}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="boosted">
        <BoostReel />
      </Tabs.Content>
      <Tabs.Content value="saved">
        <SavedOffers />
      </Tabs.Content>
    </Tabs.Root>
  );
}
