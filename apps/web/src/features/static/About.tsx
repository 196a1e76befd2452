/** /company and /program: who runs GigReel, and the program for creators. */
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Bullets, Section, StaticLayout, inline } from './StaticLayout.tsx';

export function CompanyPage() {
  return (
    <StaticLayout title="Company" intro="Where offers get seen. No spam. Just value.">
      <Section title="Why we built GigReel">
        <p>
          Freelancers and makers lose hours to crowded marketplaces where the loudest listing wins. GigReel gives every
          creator exactly one offer and lets real supporters decide what rises: a boost is a vote, not an ad.
        </p>
      </Section>
      <Section title="What we believe">
        <Bullets
          items={[
            'One offer per person keeps the feed honest.',
            'Creators keep their customers: buyers pay sellers directly.',
            'Short video shows skill faster than any description.',
            'Privacy by default: we collect what the marketplace needs and nothing to sell.',
          ]}
        />
      </Section>
      <Section title="Contact">
        <p>
          Questions, reports or press: write to{' '}
          <a href="mailto:hello@gigreel.app" className={inline}>
            hello@gigreel.app
          </a>
          . For an order, include its number from your{' '}
          <Link to="/orders" className={inline}>
            orders
          </Link>{' '}
          page.
        </p>
      </Section>
    </StaticLayout>
  );
}

export function ProgramPage() {
  return (
    <StaticLayout title="Creator Program" intro="Support for creators who build something people boost.">
      <Section title="What you get">
        <Bullets
          items={[
            'A review of your offer by our team with tips on title, media and price.',
            'A chance to be featured on Explore under a popular hashtag.',
            'Early access to new tools for creators.',
          ]}
        />
      </Section>
      <Section title="Who can join">
        <Bullets
          items={[
            'You have an approved offer in the feed.',
            'Your offer has been boosted by supporters and your buyers accept their deliveries.',
            'You follow the Terms & Policies.',
          ]}
        />
      </Section>
      <Section title="How to join">
        <p>
          Post your offer, share it, and keep your deliveries on time. We invite creators by message when they qualify;
          there is no fee and no form to fill in.
        </p>
      </Section>
      <div className="flex justify-center">
        <Link to="/post" className={buttonClass('primary', 'lg')}>
          Post Your Offer
        </Link>
      </div>
    </StaticLayout>
  );
}
