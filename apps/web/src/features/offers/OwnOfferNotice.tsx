/**
 * After saving, the person lands on the feed as SPEC says (/post goes to /), where an offer awaiting
 * approval is not shown yet; so the feed says where theirs stands, what happens next and lets them
 * preview it (issue 19, item 6), until they dismiss it or it is live. Kept for the tab's session.
 */
import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { offerTexts } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { OfferNextText, OfferPreviewButton, OfferStatePill } from './OfferState.tsx';
import { useOwnOffer } from './offers.queries.ts';

const JUST_SAVED_KEY = 'gigreel.offerJustSaved';

/** The form marks a save, so the feed it lands on knows to say where the offer stands. */
export function markOfferJustSaved(): void {
  sessionStorage.setItem(JUST_SAVED_KEY, '1');
}

export function OwnOfferNotice() {
  const [shown, setShown] = useState(() => sessionStorage.getItem(JUST_SAVED_KEY) === '1');
  const offer = useOwnOffer({ enabled: shown }).data;
  if (!shown || !offer || offer.isApproved) return null;
  const dismiss = () => {
    sessionStorage.removeItem(JUST_SAVED_KEY);
    setShown(false);
  };
  return (
    <section
      aria-label={offerTexts.yourOfferNotice}
      className="flex w-[calc(100%-4rem)] max-w-sm flex-col gap-2 rounded-2xl border border-amber-300/30 bg-zinc-950/90 p-3 shadow-lg backdrop-blur"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col items-start gap-1">
          <OfferStatePill offer={offer} />
          <p className="truncate text-sm font-semibold text-white">{offer.title}</p>
        </div>
        <button
          type="button"
          aria-label={offerTexts.dismissNotice}
          onClick={dismiss}
          className="-m-1 grid h-9 w-9 shrink-0 place-items-center rounded-full text-zinc-300 hover:bg-white/10"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <OfferNextText offer={offer} />
      <div className="flex flex-wrap gap-2">
        <OfferPreviewButton offer={offer} />
        <Link to="/profile" className={buttonClass('ghost', 'sm')}>
          {offerTexts.seeOnProfile}
        </Link>
      </div>
    </section>
  );
}
