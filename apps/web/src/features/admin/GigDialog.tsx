/**
 * Create Gig / Edit Gig (SPEC section 5): creator choice, hashtags space separated, description
 * counter "n/500", music track up to 100, paid fields only when Paid Offer is ticked. The same
 * schema as the server; the server parses the sent fields again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  adminTexts,
  descriptionCounter,
  GIG_DESCRIPTION_MAX,
  gigFormSchema,
  MUSIC_TRACK_MAX,
  PURCHASE_NOTE_MAX,
  type AdminGig,
  type GigFormInput,
  type GigFormOutput,
} from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import { useCreators, useSaveGig } from './admin.queries.ts';

const t = adminTexts.gigs;
const empty: GigFormInput = {
  userId: '',
  title: '',
  link: '',
  isPaidOffer: false,
  price: '',
  paypalLink: '',
  purchaseNote: '',
  description: '',
  musicTrackName: '',
  musicCreditLink: '',
  hashtags: '',
};

function fromGig(gig: AdminGig): GigFormInput {
  return {
    userId: gig.creator.id,
    title: gig.title,
    link: gig.link,
    isPaidOffer: gig.isPaidOffer,
    price: gig.pricePence !== null ? (gig.pricePence / 100).toFixed(2) : '',
    paypalLink: gig.paypalLink ?? '',
    purchaseNote: gig.purchaseNote ?? '',
    description: gig.description ?? '',
    musicTrackName: gig.musicTrackName ?? '',
    musicCreditLink: gig.musicCreditLink ?? '',
    hashtags: gig.tags.map((tag) => `#${tag}`).join(' '),
  };
}

function CreatorChoice({
  register,
  error,
}: {
  register: ReturnType<ReturnType<typeof useForm<GigFormInput, unknown, GigFormOutput>>['register']>;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const creators = useCreators(search.trim(), true);
  const options = creators.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="gig-creator-search" className="text-sm font-medium text-zinc-200">
        Find a creator without a gig
      </label>
      <input
        id="gig-creator-search"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Name, or the start of an email"
        className="h-10 rounded-xl border border-line bg-panel px-3 text-sm text-zinc-100 placeholder:text-zinc-400"
      />
      <label htmlFor="gig-creator" className="text-sm font-medium text-zinc-200">
        Creator
      </label>
      <select
        id="gig-creator"
        className="h-11 rounded-xl border border-line bg-panel px-3 text-zinc-100"
        aria-invalid={error ? true : undefined}
        {...register}
      >
        <option value="">Choose a creator</option>
        {options.map((creator) => (
          <option key={creator.id} value={creator.id}>
            {creator.displayName}
            {creator.email ? ` (${creator.email})` : ''}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function GigDialog({ gig, onClose }: { gig: AdminGig | 'new' | null; onClose: () => void }) {
  const editing = gig && gig !== 'new' ? gig : null;
  const save = useSaveGig(!!editing);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [creatorError, setCreatorError] = useState<string | undefined>();
  const form = useForm<GigFormInput, unknown, GigFormOutput>({
    resolver: zodResolver(gigFormSchema),
    defaultValues: empty,
  });
  useEffect(() => {
    if (gig === null) return;
    form.reset(editing ? fromGig(editing) : empty);
    setFile(null);
    setProgress(0);
    setCreatorError(undefined);
  }, [gig, editing, form]);
  const errors = form.formState.errors;
  const paid = !!form.watch('isPaidOffer');
  const description = form.watch('description') ?? '';

  const submit = form.handleSubmit(() => {
    const values = form.getValues();
    if (!editing && !values.userId) {
      setCreatorError(t.creatorRequired);
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) {
      if (name === 'userId' && editing) continue;
      if (!paid && (name === 'price' || name === 'paypalLink' || name === 'purchaseNote')) continue;
      body.append(name, typeof value === 'boolean' ? String(value) : String(value ?? ''));
    }
    if (file) body.append('media', file);
    save.mutate(
      { id: editing?.id, form: body, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(t.success, { description: editing ? t.updated : t.created });
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open={gig !== null} onOpenChange={(open) => !open && onClose()} title={editing ? 'Edit Gig' : 'Create Gig'}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        {editing ? (
          <p className="text-sm text-zinc-300">{t.by(editing.creator.displayName)}</p>
        ) : (
          <CreatorChoice
            register={form.register('userId', { onChange: () => setCreatorError(undefined) })}
            error={creatorError}
          />
        )}
        <TextField label="Title" error={errors.title?.message} {...form.register('title')} />
        <TextField
          label="Link"
          inputMode="url"
          placeholder="example.com/your-page"
          error={errors.link?.message}
          {...form.register('link')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="gig-media" className="text-sm font-medium text-zinc-200">
            {editing?.mediaUrl ? 'Replace media (image or video)' : 'Media (image or video)'}
          </label>
          <input
            id="gig-media"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100"
          />
        </div>
        <TextAreaField
          label="Description"
          maxLength={GIG_DESCRIPTION_MAX}
          counter={descriptionCounter(description)}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <TextField
          label="Hashtags"
          placeholder="#design #logo"
          hint="Separate with spaces"
          error={errors.hashtags?.message}
          {...form.register('hashtags')}
        />
        <TextField
          label="Music track name"
          maxLength={MUSIC_TRACK_MAX}
          error={errors.musicTrackName?.message}
          {...form.register('musicTrackName')}
        />
        <TextField
          label="Music credit link"
          inputMode="url"
          error={errors.musicCreditLink?.message}
          {...form.register('musicCreditLink')}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-zinc-200">
          <input type="checkbox" className="h-5 w-5 accent-brand-600" {...form.register('isPaidOffer')} /> Paid Offer
        </label>
        {paid ? (
          <div className="flex flex-col gap-3 rounded-xl border border-line p-3">
            <TextField
              label="Price (£)"
              inputMode="decimal"
              placeholder="10.00"
              error={errors.price?.message}
              {...form.register('price')}
            />
            <TextField
              label="Payment link"
              inputMode="url"
              error={errors.paypalLink?.message}
              {...form.register('paypalLink')}
            />
            <TextField
              label="Purchase note"
              maxLength={PURCHASE_NOTE_MAX}
              error={errors.purchaseNote?.message}
              {...form.register('purchaseNote')}
            />
          </div>
        ) : null}
        {save.isPending && file ? <ProgressBar value={progress} label="Upload progress" /> : null}
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {editing ? 'Save Changes' : 'Create Gig'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
