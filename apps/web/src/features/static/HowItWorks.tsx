/** /how-it-works: four steps and a call to action to /post (SPEC section 2), and the way to hire our designer. */
import { Camera, HandCoins, PenTool, Rocket, Send } from 'lucide-react';
import { Link } from 'react-router';
import { jobsTexts } from '@gigreel/core';
import { StaticLayout } from './StaticLayout.tsx';

const steps = [
  {
    icon: Camera,
    title: 'Post your offer',
    body: 'Show what you do with one image or a short video, a clear title and a link. Make it free to try, or set a price in pounds.',
  },
  {
    icon: Rocket,
    title: 'Get seen in the feed',
    body: 'Your offer plays full screen in the feed. Supporters boost, favourite and react, and the most supported offers rise to the top.',
  },
  {
    icon: Send,
    title: 'Talk to buyers',
    body: 'Interested people message you about your offer. Answer questions, agree the details, and keep everything in one conversation.',
  },
  {
    icon: HandCoins,
    title: 'Deliver and get paid',
    body: 'Buyers pay through your own payment link and confirm. You upload the finished file, the buyer accepts, and the order is complete.',
  },
];

export function HowItWorksPage() {
  return (
    <StaticLayout title="How It Works" intro="From your first post to your first sale in four steps.">
      <ol className="flex flex-col gap-3">
        {steps.map(({ icon: Icon, title, body }, index) => (
          <li key={title} className="flex gap-4 rounded-2xl border border-line bg-panel p-4">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-1">
              <h2 className="font-semibold text-white">
                <span className="text-brand-400">Step {index + 1}.</span> {title}
              </h2>
              <p className="text-zinc-300">{body}</p>
            </div>
          </li>
        ))}
      </ol>
      <section
        aria-labelledby="hire-designer"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 sm:flex-row sm:items-center"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-600/20 text-brand-400">
          <PenTool className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id="hire-designer" className="font-semibold text-white">
            {jobsTexts.hireDesigner}
          </h2>
          <p className="text-zinc-300">{jobsTexts.hireDesignerBody}</p>
        </div>
        <Link
          to="/private-job"
          className="inline-flex h-10 shrink-0 items-center justify-center self-start rounded-xl border border-line px-4 text-sm font-semibold text-zinc-100 hover:bg-white/5 sm:self-center"
        >
          {jobsTexts.sendJob}
        </Link>
      </section>
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-600 p-6 text-center">
        <h2 className="text-xl font-bold text-white">Ready to be seen?</h2>
        <p className="text-sm text-white">No spam. Just value.</p>
        <Link
          to="/post"
          className="inline-flex h-12 items-center justify-center rounded-xl bg-white px-6 font-semibold text-zinc-900 hover:bg-zinc-100"
        >
          Post Your Offer
        </Link>
      </div>
    </StaticLayout>
  );
}
