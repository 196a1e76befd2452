/**
 * Create or edit the person's one offer (SPEC sections 2, 5 and 8). The rules are core's offerForm,
 * the same schema the server parses with; the media rule is checked here by size and type and again
 * by the server by the file's bytes. Submit stays disabled until the requirements are met.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  GIG_DESCRIPTION_MAX,
  PURCHASE_NOTE_MAX,
  offerForm,
  offerMediaProblem,
  offerTexts,
  offerToFormValues,
  type OfferFormValues,
  type OwnOffer,
} from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import { MediaPicker } from './MediaPicker.tsx';
import { markOfferJustSaved } from './OwnOfferNotice.tsx';
import { useSaveOffer } from './offers.queries.ts';

const FIELDS = new Set([
  'title',
  'link',
  'price',
  'paypalLink',
  'purchaseNote',
  'tags',
  'description',
  'musicTrackName',
  'musicCreditLink',
]);

export function OfferForm({ existing }: { existing: OwnOffer | null }) {
  const navigate = useNavigate();
  const [media, setMedia] = useState<File | null>(null);
  const [mediaServerError, setMediaServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSaveOffer(setProgress);
  const form = useForm<OfferFormValues>({
    resolver: zodResolver(offerForm),
    mode: 'onTouched',
    defaultValues: offerToFormValues(existing),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
    setError,
    control,
  } = form;
  const values = useWatch({ control }) as OfferFormValues;
  const paid = values.isPaidOffer;

  const hasExistingMedia = Boolean(existing?.mediaUrl);
  const mediaProblem = offerMediaProblem(media, hasExistingMedia);
  // What still stands between the person and Submit, in the SPEC's words.
  const missing = useMemo(() => {
    const result = offerForm.safeParse(values);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    if (mediaProblem) messages.unshift(mediaProblem);
    return [...new Set(messages)];
  }, [values, mediaProblem]);

  const submit = handleSubmit(async (formValues) => {
    if (mediaProblem) return;
    setMediaServerError(null);
    setProgress(media ? 0 : null);
    try {
      const result = await save.mutateAsync({ values: formValues, media });
      toast.success(result.message);
      // To the feed, as SPEC says; the feed then says where the offer stands (OwnOfferNotice).
      markOfferJustSaved();
      navigate('/');
    } catch (error) {
      const message = error instanceof ApiError ? error.message : offerTexts.saveFailed;
      if (error instanceof ApiError && error.field === 'media') setMediaServerError(message);
      else if (error instanceof ApiError && error.field && FIELDS.has(error.field))
        setError(error.field as keyof OfferFormValues, { message });
      // The toast is the mutation's (offers.queries.ts).
    } finally {
      setProgress(null);
    }
  });

  const noteLength = (values.purchaseNote ?? '').length;
  const descriptionLength = (values.description ?? '').length;
  const busy = save.isPending;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label="Title"
        placeholder="What do you offer?"
        autoComplete="off"
        error={errors.title?.message}
        {...register('title')}
      />

      <MediaPicker
        file={media}
        onFile={(file) => {
          setMedia(file);
          setMediaServerError(null);
        }}
        existing={
          existing?.mediaUrl
            ? { url: existing.mediaUrl, kind: existing.mediaKind, posterUrl: existing.posterUrl }
            : null
        }
        error={mediaServerError ?? (media ? mediaProblem : null)}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-medium text-zinc-200">Price</legend>
        <div
          className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-panel p-1"
          role="radiogroup"
          aria-label="Free or paid"
        >
          {[false, true].map((option) => (
            <button
              key={String(option)}
              type="button"
              role="radio"
              aria-checked={paid === option}
              onClick={() => form.setValue('isPaidOffer', option, { shouldValidate: true, shouldDirty: true })}
              className={cn(
                'h-10 rounded-lg text-sm font-semibold transition-colors',
                paid === option ? 'bg-brand-600 text-white' : 'text-zinc-300 hover:bg-white/5',
              )}
            >
              {option ? 'Paid offer' : 'Free offer'}
            </button>
          ))}
        </div>
        {paid ? (
          <>
            <TextField
              label="Price (£)"
              inputMode="decimal"
              placeholder="25.00"
              error={errors.price?.message}
              {...register('price')}
            />
            <TextField
              label="Payment checkout link"
              type="url"
              inputMode="url"
              placeholder="paypal.me/yourname"
              hint="Buyers pay you here, then confirm in GigReel."
              error={errors.paypalLink?.message}
              {...register('paypalLink')}
            />
            <TextAreaField
              label="Purchase note"
              placeholder="What buyers should send you after paying"
              maxLength={PURCHASE_NOTE_MAX}
              counter={`${noteLength}/${PURCHASE_NOTE_MAX}`}
              error={errors.purchaseNote?.message}
              {...register('purchaseNote')}
            />
          </>
        ) : (
          <TextField
            label="Link"
            type="url"
            inputMode="url"
            placeholder="yourshop.com/offer"
            hint="Where people get your offer; https:// is added if you leave it out."
            error={errors.link?.message}
            {...register('link')}
          />
        )}
      </fieldset>

      <TextField
        label="Tags"
        placeholder="design, logo, branding"
        hint="Separate tags with commas."
        error={errors.tags?.message}
        {...register('tags')}
      />
      <TextAreaField
        label="Description (optional)"
        maxLength={GIG_DESCRIPTION_MAX}
        counter={`${descriptionLength}/${GIG_DESCRIPTION_MAX}`}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Music credit (optional)"
          placeholder="Track name"
          error={errors.musicTrackName?.message}
          {...register('musicTrackName')}
        />
        <TextField
          label="Music link (optional)"
          type="url"
          inputMode="url"
          placeholder="Link to the track"
          error={errors.musicCreditLink?.message}
          {...register('musicCreditLink')}
        />
      </div>

      {progress !== null ? (
        <div className="flex flex-col gap-1">
          <ProgressBar value={progress} label="Uploading media" />
          <p className="text-xs text-zinc-400">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Processing media…'}
          </p>
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={missing.length > 0} busy={busy}>
          {existing ? 'Update offer' : 'Post offer'}
        </Button>
        {missing.length > 0 ? (
          <p className="text-center text-xs text-zinc-400" aria-live="polite">
            Still needed: {missing.join(' · ')}
          </p>
        ) : (
          <p className="text-center text-xs text-zinc-400">
            Every new or edited offer is reviewed before it appears in the feed.
          </p>
        )}
      </div>
    </form>
  );
}
