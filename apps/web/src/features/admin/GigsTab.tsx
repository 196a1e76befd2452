/** Gig Management (SPEC section 2): cards with View, Approve, Edit and Delete, and Create Gig. */
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminTexts, formatDate, formatPence, type AdminGig } from '@gigreel/core';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Badge, EmptyState, Spinner } from '../../ui/misc.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { GigDialog } from './GigDialog.tsx';
import { isChangedSinceOpened, useApproveGig, useDeleteGig, useGigs } from './admin.queries.ts';
import { useErrorToast } from './useErrorToast.ts';
import { ShowMore } from '../../ui/show-more.tsx';

const t = adminTexts.gigs;

function GigMedia({ gig }: { gig: AdminGig }) {
  if (!gig.mediaUrl)
    return (
      <div className="flex aspect-[4/5] items-center justify-center bg-white/5 sm:aspect-square text-sm text-zinc-400">
        No media
      </div>
    );
  if (gig.mediaKind === 'video') {
    return (
      <video
        src={gig.mediaUrl}
        poster={gig.posterUrl ?? undefined}
        muted
        playsInline
        loop
        preload="metadata"
        className="aspect-[4/5] w-full bg-black object-cover sm:aspect-square"
        aria-label={`Video of ${gig.title}`}
        onMouseEnter={(e) => void e.currentTarget.play().catch(() => {})}
        onMouseLeave={(e) => e.currentTarget.pause()}
      />
    );
  }
  return (
    <img
      src={gig.mediaUrl}
      alt={gig.title}
      loading="lazy"
      className="aspect-[4/5] w-full bg-black object-cover sm:aspect-square"
    />
  );
}

export default function GigsTab() {
  const gigs = useGigs();
  const [editing, setEditing] = useState<AdminGig | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminGig | null>(null);
  // The gig whose approval was refused because it changed; the list is read again and shows the new version.
  const [changed, setChanged] = useState<string | null>(null);
  const approve = useApproveGig();
  const remove = useDeleteGig();
  const items = gigs.data?.pages.flatMap((page) => page.items) ?? [];
  useErrorToast(gigs.error, t.fetchFailed);

  const onApprove = (gig: AdminGig) =>
    approve.mutate(
      { id: gig.id, version: gig.version },
      {
        onSuccess: () => {
          setChanged(null);
          toast.success(t.success, { description: t.approved });
        },
        // The failure's toast comes from the mutation (admin.queries.ts); a refusal for a changed gig also says so on its card.
        onError: (error) => setChanged(isChangedSinceOpened(error) ? gig.id : null),
      },
    );

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t.success, { description: t.deleted });
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby="gigs-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gigs-title" className="text-xl font-bold text-white">
          {t.heading}
        </h2>
        <Button onClick={() => setEditing('new')}>Create Gig</Button>
      </div>
      {gigs.isPending ? <Spinner /> : null}
      {gigs.isError ? (
        <p role="alert" className="text-red-300">
          {t.fetchFailed}
        </p>
      ) : null}
      {gigs.isSuccess && items.length === 0 ? <EmptyState title="No gigs yet" /> : null}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((gig) => (
          <li
            key={gig.id}
            aria-label={gig.title}
            className={cn(
              'flex gap-3 overflow-hidden rounded-2xl border bg-panel p-3 sm:flex-col sm:gap-0 sm:p-0',
              // SPEC's faded card, with its text left at full contrast: the picture fades, the edge turns dashed.
              gig.isApproved ? 'border-line' : 'border-dashed border-red-500/70',
            )}
          >
            <div
              className={cn(
                'w-28 shrink-0 self-start overflow-hidden rounded-xl sm:w-full sm:rounded-none',
                !gig.isApproved && 'opacity-50',
              )}
            >
              <GigMedia gig={gig} />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1 sm:p-3">
              {gig.isPaidOffer || !gig.isApproved ? (
                <div className="flex flex-wrap gap-1">
                  {gig.isPaidOffer && gig.pricePence !== null ? <Badge>{formatPence(gig.pricePence)}</Badge> : null}
                  {!gig.isApproved ? <Badge variant="destructive">{t.needsReApproval}</Badge> : null}
                </div>
              ) : null}
              <h3 className="line-clamp-2 font-semibold text-white">{gig.title}</h3>
              <p className="truncate text-sm text-zinc-300">{t.by(gig.creator.displayName)}</p>
              <p className="text-xs text-zinc-400">{formatDate(gig.createdAt)}</p>
              {gig.tags.length ? (
                <p className="truncate text-xs text-brand-400">{gig.tags.map((tag) => `#${tag}`).join(' ')}</p>
              ) : null}
              {changed === gig.id ? (
                <p role="alert" className="text-xs text-amber-300">
                  {t.changedSinceOpened}
                </p>
              ) : null}
              <div className="mt-auto flex flex-wrap gap-2 pt-2">
                <a
                  href={gig.link || '/'}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary', 'sm')}
                  aria-label={`View ${gig.title}`}
                >
                  <ExternalLink className="h-4 w-4" aria-hidden="true" /> View
                </a>
                {!gig.isApproved ? (
                  <Button
                    size="sm"
                    onClick={() => onApprove(gig)}
                    busy={approve.isPending && approve.variables?.id === gig.id}
                    aria-label={`Approve ${gig.title}`}
                  >
                    Approve
                  </Button>
                ) : null}
                <Button size="sm" variant="outline" onClick={() => setEditing(gig)} aria-label={`Edit ${gig.title}`}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => setDeleting(gig)}
                  aria-label={`Delete ${gig.title}`}
                >
                  Delete
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <ShowMore list={gigs} texts={t.more} className="px-0" />
      <GigDialog gig={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete gig"
        question={deleting ? t.confirmDelete(deleting.title) : ''}
        busy={remove.isPending}
        onConfirm={onDelete}
      >
        Its media is removed too. Orders keep their own title and price.
      </ConfirmDialog>
    </section>
  );
}
