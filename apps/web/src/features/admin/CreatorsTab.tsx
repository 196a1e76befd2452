/** Creators: list, search, create, edit, delete (with what it does spelled out) and impersonate. */
import { useState } from 'react';
import { toast } from 'sonner';
import { adminTexts, formatDate, type AdminCreator } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Badge, EmptyState, Spinner } from '../../ui/misc.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { CreatorDialog } from './CreatorDialog.tsx';
import { useCreators, useDeleteCreator, useStartImpersonation } from './admin.queries.ts';
import { useErrorToast } from './useErrorToast.ts';
import { ShowMore } from '../../ui/show-more.tsx';

export default function CreatorsTab() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const creators = useCreators(query);
  const [editing, setEditing] = useState<AdminCreator | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCreator | null>(null);
  const remove = useDeleteCreator();
  const impersonation = useStartImpersonation();
  const items = creators.data?.pages.flatMap((page) => page.items) ?? [];
  useErrorToast(creators.error, adminTexts.creators.fetchFailed);

  const impersonate = (creator: AdminCreator) =>
    impersonation.mutate(creator.id, {
      // A full reload at / so nothing of the admin's view stays in memory (SPEC section 4).
      onSuccess: () => window.location.assign('/'),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        toast.success(adminTexts.gigs.success, { description: result.message });
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby="creators-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="creators-title" className="text-xl font-bold text-white">
          Creators
        </h2>
        <Button onClick={() => setEditing('new')}>Create Creator</Button>
      </div>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(search.trim());
        }}
      >
        <label htmlFor="creator-search" className="sr-only">
          Search creators
        </label>
        <input
          id="creator-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, or the start of an email"
          className="h-10 w-full max-w-sm rounded-xl border border-line bg-panel px-3 text-sm text-zinc-100 placeholder:text-zinc-400"
        />
        <Button type="submit" size="sm" variant="secondary">
          Search
        </Button>
      </form>
      {creators.isPending ? <Spinner /> : null}
      {creators.isError ? (
        <p role="alert" className="text-red-300">
          {adminTexts.creators.fetchFailed}
        </p>
      ) : null}
      {creators.isSuccess && items.length === 0 ? <EmptyState title="No creators found" /> : null}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {items.map((creator) => (
          <li
            key={creator.id}
            className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
            aria-label={creator.displayName}
          >
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600/30 font-bold text-brand-50"
              >
                {creator.displayName.slice(0, 1).toUpperCase()}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-white">{creator.displayName}</p>
                <p className="truncate text-sm text-zinc-400">{creator.email ?? 'No login'}</p>
                <p className="mt-1 truncate text-sm text-zinc-300">
                  {creator.offer ? <>Offer: {creator.offer.title}</> : <Badge variant="secondary">No offer</Badge>}
                </p>
                <p className="text-xs text-zinc-400">
                  Joined {formatDate(creator.createdAt)}
                  {creator.location ? ` · ${creator.location}` : ''}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setEditing(creator)}
                aria-label={`Edit ${creator.displayName}`}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => impersonate(creator)}
                aria-label={`Impersonate ${creator.displayName}`}
              >
                Impersonate
              </Button>
              <Button
                size="sm"
                variant="destructive"
                onClick={() => setDeleting(creator)}
                aria-label={`Delete ${creator.displayName}`}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ShowMore list={creators} texts={adminTexts.creators.more} className="px-0" />
      <CreatorDialog creator={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete creator"
        question={deleting ? adminTexts.creators.confirmDelete(deleting.displayName) : ''}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        {adminTexts.creators.deleteConsequences}
      </ConfirmDialog>
    </section>
  );
}
