/** /terms, /privacy and /terms-policies: plain-language legal pages for a creator marketplace. */
import { Link } from 'react-router';
import { AVATAR_MAX_BYTES, MB, MINIMUM_AGE, OFFER_MEDIA_MAX_BYTES } from '@gigreel/core';
import { Bullets, Section, StaticLayout, inline } from './StaticLayout.tsx';

const UPDATED = 'November 1, 2026';

export function TermsPage() {
  return (
    <StaticLayout
      title="Terms of Service"
      intro="The rules for using GigReel, in plain language. By creating an account you agree to them."
      updated={UPDATED}
    >
      <Section title="1. Who can use GigReel">
        <p>
          You must be at least {MINIMUM_AGE} years old. If you are under 18, you need the permission of a parent or
          guardian to buy or sell. You are responsible for your account and for keeping your password to yourself.
        </p>
      </Section>
      <Section title="2. Your offer">
        <Bullets
          items={[
            'Each person may post one offer. It must describe something you can really deliver, at the price you show.',
            'You own what you post. You give GigReel permission to show it in the app and in share previews while your offer is live.',
            'New and edited offers are reviewed; we may decline or remove offers that break these terms.',
            `Media must be an image or a video of up to ${OFFER_MEDIA_MAX_BYTES / MB} MB that you have the right to use, including any music.`,
          ]}
        />
      </Section>
      <Section title="3. Buying and selling">
        <p>
          Sales are agreements between buyer and seller. Buyers pay sellers directly through the seller&apos;s payment
          link; GigReel does not hold your money. Sellers deliver the agreed file through the order page, and buyers
          accept the delivery to complete the order. Refunds and disputes are settled between you and the other person
          under the payment provider&apos;s rules; we will help where we can.
        </p>
      </Section>
      <Section title="4. Things you must not do">
        <Bullets
          items={[
            "Post anything illegal, hateful, sexual involving minors, violent, or that infringes someone else's rights.",
            'Spam, mislead, impersonate others, or ask for payment outside the offer you show.',
            'Try to break, overload or scrape the service, or get into accounts that are not yours.',
          ]}
        />
      </Section>
      <Section title="5. Ending your account">
        <p>
          You can stop using GigReel at any time. We may suspend accounts that break these terms, and we will tell you
          why unless the law prevents it.
        </p>
      </Section>
      <Section title="6. Liability">
        <p>
          GigReel is provided as it is. We are not a party to sales between users and are not responsible for the
          quality of offers or deliveries, but nothing here limits rights you have by law as a consumer.
        </p>
      </Section>
      <Section title="7. Changes">
        <p>
          If we change these terms we will show the new date above and tell you in the app before the change takes
          effect. Questions? See the{' '}
          <Link to="/faq" className={inline}>
            FAQ
          </Link>{' '}
          or contact us from the{' '}
          <Link to="/company" className={inline}>
            Company
          </Link>{' '}
          page.
        </p>
      </Section>
    </StaticLayout>
  );
}

export function PrivacyPage() {
  return (
    <StaticLayout title="Privacy Policy" intro="What we collect, why, and the choices you have." updated={UPDATED}>
      <Section title="What we collect">
        <Bullets
          items={[
            'Account details: your email address, display name and password (stored only as a secure hash).',
            `Profile details you choose to add: photo (up to ${AVATAR_MAX_BYTES / MB} MB, stored as a small square image without its location data), bio and payment link.`,
            'What you post and do: your offer, boosts, favourites, reactions, messages, orders and delivery files.',
            'Security records: sign-in attempts and the network address they came from, kept to stop account takeovers.',
          ]}
        />
      </Section>
      <Section title="How we use it">
        <p>
          To run the marketplace: show offers, connect buyers and sellers, deliver messages and files, keep accounts
          safe, and understand which features help people. We do not sell your personal data and we do not show
          third-party advertising.
        </p>
      </Section>
      <Section title="Who can see what">
        <Bullets
          items={[
            'Public: your display name, photo, bio and your offer.',
            'Only the people involved: your messages, orders and delivery files.',
            'Never shown to other users: your email address and your sign-in history.',
          ]}
        />
      </Section>
      <Section title="Cookies and storage">
        <p>
          We use one essential cookie to keep you signed in; it ends after 30 minutes of inactivity. The installed app
          keeps copies of its own files on your device so it opens quickly; it never stores your messages or orders
          there.
        </p>
      </Section>
      <Section title="Children">
        <p>
          GigReel is not for children under {MINIMUM_AGE}. If you believe a child under {MINIMUM_AGE} has an account,
          tell us and we will delete it.
        </p>
      </Section>
      <Section title="Your choices">
        <p>
          You can change or remove your photo, bio and payment link in{' '}
          <Link to="/settings" className={inline}>
            Settings
          </Link>{' '}
          at any time; a removed photo is deleted from our storage. You can ask us for a copy of your data or to delete
          your account.
        </p>
      </Section>
      <Section title="How long we keep data">
        <p>
          As long as your account exists. Orders and messages that another person relies on are kept after you leave,
          with your name removed.
        </p>
      </Section>
    </StaticLayout>
  );
}

export function TermsPoliciesPage() {
  const docs = [
    { to: '/terms', title: 'Terms of Service', body: 'The rules for posting, buying and selling on GigReel.' },
    { to: '/privacy', title: 'Privacy Policy', body: 'What we collect, why, and your choices.' },
    { to: '/faq', title: 'FAQ', body: 'Quick answers about offers, boosts, payments and your account.' },
  ];
  return (
    <StaticLayout
      title="Terms & Policies"
      intro="Everything that keeps GigReel fair for creators and supporters."
      updated={UPDATED}
    >
      <ul className="flex flex-col gap-3">
        {docs.map((doc) => (
          <li key={doc.to}>
            <Link
              to={doc.to}
              className="flex flex-col gap-1 rounded-2xl border border-line bg-panel p-4 hover:bg-white/5"
            >
              <span className="font-semibold text-white">{doc.title}</span>
              <span className="text-sm text-zinc-300">{doc.body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Section title="Community guidelines">
        <Bullets
          items={[
            'Be real: show work you made and can deliver.',
            'Be kind: no harassment, hate or pressure in messages.',
            'Be clear: say what the buyer gets, when, and for how much.',
            'No spam: one offer each, no repeated unsolicited messages.',
          ]}
        />
      </Section>
      <Section title="Reporting a problem">
        <p>
          If an offer or a message breaks these rules, contact us from the{' '}
          <Link to="/company" className={inline}>
            Company
          </Link>{' '}
          page with a link to it. We review every report and act on offers that break the rules.
        </p>
      </Section>
    </StaticLayout>
  );
}
