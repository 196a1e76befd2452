/** The self-test: upload a chosen file, create a gig with it, check it, remove both. */
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminTexts, type SelfTestResult } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { useSelfTest } from './admin.queries.ts';

const t = adminTexts.test;

export default function TestingTab() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<SelfTestResult | null>(null);
  const test = useSelfTest();
  const run = () => {
    if (!file) {
      toast.error(t.selectFile);
      return;
    }
    const form = new FormData();
    form.append('media', file);
    setResult(null);
    test.mutate(form, {
      onSuccess: (outcome) => {
        setResult(outcome);
        if (outcome.ok)
          toast.success(t.successTitle, { description: 'Upload, gig creation, media check and clean-up all worked.' });
        else toast.error(t.failedTitle, { description: outcome.steps.find((step) => !step.ok)?.detail });
      },
    });
  };
  return (
    <section aria-labelledby="testing-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="testing-title" className="text-xl font-bold text-white">
        Upload and gig self-test
      </h2>
      <p className="text-sm text-zinc-300">
        Stores the file, creates a gig with it, checks the gig and its media, then removes both. Nothing stays behind.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="test-file" className="text-sm font-medium text-zinc-200">
          Test file (image or video)
        </label>
        <input
          id="test-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100"
        />
      </div>
      <Button className="self-start" busy={test.isPending} onClick={run}>
        Run Test
      </Button>
      {result ? (
        <ol aria-label="Test steps" className="flex flex-col gap-2">
          {result.steps.map((step) => (
            <li key={step.name} className="flex items-start gap-2 rounded-xl bg-white/5 p-3 text-sm">
              {step.ok ? (
                <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-400" aria-label="Passed" />
              ) : (
                <XCircle className="h-5 w-5 shrink-0 text-red-400" aria-label="Failed" />
              )}
              <span>
                <span className="font-semibold text-white">{step.name}</span>{' '}
                <span className="text-zinc-300">{step.detail}</span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
