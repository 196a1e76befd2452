/**
 * The people the viewer blocked (Settings), newest first, 30 at a time: each with their picture, their
 * name and "Unblock" (named "Unblock {name}"), which takes them off the list once the server has.
 */
import { blocksTexts, type BlockedPerson } from '@gigreel/core';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { useBlockedPeople, useUnblock } from './blocks.queries.ts';

const LOADING = 'Loading blocked people';
const TRY_AGAIN = 'Try again';

export function BlockedPeople() {
  const list = useBlockedPeople();
  const people = list.data?.pages.flatMap((page) => page.people) ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {list.isPending ? <Spinner label={LOADING} /> : null}
      {list.isError && people.length === 0 ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-300">
            {blocksTexts.loadFailed}
          </p>
          <Button variant="outline" size="sm" busy={list.isRefetching} onClick={() => void list.refetch()}>
            {TRY_AGAIN}
          </Button>
        </div>
      ) : null}
      {list.isSuccess && people.length === 0 ? <p className="text-sm text-zinc-400">{blocksTexts.none}</p> : null}
      {people.length ? (
        <ul
          aria-label={blocksTexts.listTitle}
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-panel"
        >
          {people.map((person) => (
            <BlockedRow key={person.id} person={person} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} texts={blocksTexts.more} failed={blocksTexts.loadFailed} className="px-0" />
    </div>
  );
}

function BlockedRow({ person }: { person: BlockedPerson }) {
  const unblock = useUnblock();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar name={person.displayName} src={person.profileImage} size={40} />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-100">{person.displayName}</span>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        aria-label={`${blocksTexts.unblock} ${person.displayName}`}
        busy={unblock.isPending}
        onClick={() => unblock.mutate(person)}
      >
        {blocksTexts.unblock}
      </Button>
    </li>
  );
}
