/** /faq: the questions creators and supporters ask most, as native disclosure widgets (keyboard and screen-reader friendly). */
import { Link } from 'react-router';
import { MINIMUM_AGE, formatPence } from '@gigreel/core';
import { StaticLayout, inline } from './StaticLayout.tsx';

const faqs: Array<{ q: string; a: React.ReactNode }> = [
  {
    q: 'What is GigReel?',
    a: 'GigReel is a marketplace where every creator posts one offer (a gig or a service) as an image or a short video. Supporters scroll the feed, boost the offers they believe in, react, message sellers and buy.',
  },
  {
    q: 'Is it free to use?',
    a: 'Yes. Browsing, posting an offer, boosting, reacting and messaging cost nothing. When you buy a paid offer you pay the seller directly through their own payment link.',
  },
  {
    q: 'Why only one offer per person?',
    a: 'One offer keeps the feed honest: no spam, no flooding. Put your best work forward, and edit it whenever you want. An edited offer is reviewed again before it returns to the feed.',
  },
  {
    q: 'How do I post my offer?',
    a: (
      <>
        Go to{' '}
        <Link to="/post" className={inline}>
          Post
        </Link>
        , add an image or a video of up to 10 MB, a title, and a link (or a price and your payment link for a paid
        offer). Paid offers are reviewed before they appear with a Buy button.
      </>
    ),
  },
  {
    q: 'What does a boost do?',
    a: 'A boost is a vote of support. Offers with more boosts and favourites rise in the feed, and every offer you boost is kept in the Boost Reel on your profile. You cannot boost your own offer.',
  },
  {
    q: 'How do payments work?',
    a: `The buyer opens the seller's payment link, pays there, then confirms in GigReel. The seller delivers a file through the order page and the buyer accepts it to complete the order. Prices are shown in pounds, for example ${formatPence(1500)}.`,
  },
  {
    q: 'What if a delivery never arrives?',
    a: (
      <>
        Use the order page's quick messages to nudge the seller. If that does not help, write to us from the{' '}
        <Link to="/company" className={inline}>
          Company
        </Link>{' '}
        page with your order number.
      </>
    ),
  },
  {
    q: 'Who can message me?',
    a: 'Anyone signed in can message you about your offer. Only you and the other person can read a conversation.',
  },
  {
    q: 'How do I change my name, photo or payment link?',
    a: (
      <>
        Open{' '}
        <Link to="/settings" className={inline}>
          Settings
        </Link>
        . Your photo must be an image of up to 5 MB; your bio can be up to 100 characters.
      </>
    ),
  },
  {
    q: 'How old do I need to be?',
    a: `You must be at least ${MINIMUM_AGE} years old to use GigReel. If you are under 18, a parent or guardian must agree to you selling or buying.`,
  },
  {
    q: 'How do I install the app?',
    a: 'Use Get App, or your browser: in Safari tap Share, then Add to Home Screen; in Chrome open the menu, then Install app. There is nothing to download from an app store.',
  },
];

export function FaqPage() {
  return (
    <StaticLayout title="FAQ" intro="Quick answers about posting, boosting, buying and your account.">
      <div className="flex flex-col gap-2">
        {faqs.map((faq) => (
          <details key={faq.q} className="group rounded-2xl border border-line bg-panel px-4 py-3 open:pb-4">
            <summary className="cursor-pointer list-none font-semibold text-white marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-3">
                {faq.q}
                <span
                  aria-hidden="true"
                  className="text-xl leading-none text-brand-400 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </span>
            </summary>
            <div className="mt-2 text-zinc-300">{faq.a}</div>
          </details>
        ))}
      </div>
    </StaticLayout>
  );
}
