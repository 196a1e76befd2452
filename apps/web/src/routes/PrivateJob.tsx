/** /private-job: "Send a Job to My Designer" (SPEC sections 2, 5, 7, 8). Success goes to /orders. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DELIVERY_TIMES,
  jobsTexts,
  privateJobFields,
  type PrivateJobFieldsInput,
  type PrivateJobFields,
} from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import { JobFilePicker, useSendJob } from '../features/jobs/index.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { Card, EmptyState, PageTitle } from '../ui/misc.tsx';

export default function PrivateJobPage() {
  const { viewer, loading } = useViewer();
  const navigate = useNavigate();
  const send = useSendJob();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<PrivateJobFieldsInput, unknown, PrivateJobFields>({
    resolver: zodResolver(privateJobFields),
    defaultValues: { title: '', description: '', budget: '' },
  });
  const { errors } = form.formState;
  const chosenTime = form.watch('deliveryTime');

  if (!loading && !viewer) return <EmptyState title={jobsTexts.loginToSubmit} />;

  const submit = form.handleSubmit((fields) => {
    setProgress(0);
    send.mutate(
      { fields, files, onProgress: setProgress },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          navigate('/orders');
        },
        onError: () => setProgress(null),
      },
    );
  });

  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-xl">
      <PageTitle>{jobsTexts.formTitle}</PageTitle>
      <p className="-mt-2 text-sm text-zinc-300">
        Tell our in-house designer what you need. You pay once the job is sent, through the Orders page.
      </p>
      <Card className="p-4">
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TextField
            label={jobsTexts.titleLabel}
            autoComplete="off"
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextAreaField
            label={jobsTexts.descriptionLabel}
            rows={4}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <fieldset
            className="flex flex-col gap-1.5"
            aria-describedby={errors.deliveryTime ? 'delivery-time-error' : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium text-zinc-200">{jobsTexts.deliveryTimeLabel}</legend>
            <div className="grid grid-cols-4 gap-2">
              {DELIVERY_TIMES.map((time) => (
                <label
                  key={time}
                  className={cn(
                    'flex h-11 cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400',
                    chosenTime === time
                      ? 'border-brand-500 bg-brand-600 text-white'
                      : 'border-line bg-panel text-zinc-200',
                  )}
                >
                  <input type="radio" value={time} className="sr-only" {...form.register('deliveryTime')} />
                  {time}
                </label>
              ))}
            </div>
            {errors.deliveryTime ? (
              <p id="delivery-time-error" role="alert" className="text-xs text-red-300">
                {errors.deliveryTime.message}
              </p>
            ) : null}
          </fieldset>
          <TextField
            label={jobsTexts.budgetLabel}
            inputMode="decimal"
            placeholder={jobsTexts.budgetPlaceholder}
            error={errors.budget?.message}
            {...form.register('budget')}
          />
          <JobFilePicker
            files={files}
            onChange={setFiles}
            onProblem={(message) => toast.error(message)}
            progress={progress}
            disabled={send.isPending}
          />
          <Button type="submit" size="lg" busy={send.isPending}>
            {jobsTexts.submit}
          </Button>
        </form>
      </Card>
    </section>
  );
}
