/**
 * The search box (the phone's search toggle and the desktop sidebar): Enter or Go opens /?q=text
 * (SPEC section 2), and while the person types it suggests matching creators and tags (issue 19).
 * An ARIA combobox with a listbox popup: the arrow keys move through the options (the first searches
 * the offers for the text), Enter opens the one chosen, Escape closes the list; the number of
 * suggestions is announced as they arrive.
 */
import { ArrowRight, Hash, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { searchTexts, type SearchSuggestions } from '@gigreel/core';
import { Avatar } from '../../ui/avatar.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSuggestions } from './search.queries.ts';

type Option = { key: string; to: string; group: 'search' | 'creators' | 'tags'; content: ReactNode; label: string };

function optionsFor(text: string, found: SearchSuggestions | undefined): Option[] {
  const q = text.trim();
  if (!q) return [];
  const options: Option[] = [
    {
      key: 'search',
      to: `/?q=${encodeURIComponent(q)}`,
      group: 'search',
      label: searchTexts.searchFor(q),
      content: (
        <>
          <Search className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden="true" />
          <span className="min-w-0 truncate">{searchTexts.searchFor(q)}</span>
        </>
      ),
    },
  ];
  for (const creator of found?.creators ?? [])
    options.push({
      key: `creator-${creator.id}`,
      to: `/creator/${creator.id}`,
      group: 'creators',
      label: creator.displayName,
      content: (
        <>
          <Avatar name={creator.displayName} src={creator.profileImage} size={24} />
          <span className="min-w-0 truncate">{creator.displayName}</span>
        </>
      ),
    });
  for (const tag of found?.tags ?? [])
    options.push({
      key: `tag-${tag.name}`,
      to: `/?tag=${encodeURIComponent(tag.name)}`,
      group: 'tags',
      label: `#${tag.name}`,
      content: (
        <>
          <Hash className="h-4 w-4 shrink-0 text-brand-400" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">{tag.name}</span>
          <span className="shrink-0 text-xs text-zinc-400">{searchTexts.tagOffers(tag.offerCount)}</span>
        </>
      ),
    });
  return options;
}

export function SearchBox({
  onDone,
  focus = false,
  compact = false,
}: {
  onDone?: () => void;
  /** Take the focus when shown (the phone's box appears because the person tapped Search). */
  focus?: boolean;
  /** The sidebar's narrow box: Go is an arrow inside the field, so the placeholder has room. */
  compact?: boolean;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const suggestions = useSuggestions(text);
  const shownFor = suggestions.data && text.trim() ? suggestions.data : undefined;
  const options = optionsFor(text, shownFor);
  const open = focused && !dismissed && options.length > 0;
  const activeIndex = open && active < options.length ? active : -1;

  const go = (to: string) => {
    setDismissed(true);
    setActive(-1);
    navigate(to);
    onDone?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = options[activeIndex];
    if (chosen) {
      if (chosen.group !== 'search') setText('');
      go(chosen.to);
      return;
    }
    // Enter with no option chosen searches the offers, as SPEC's box always did.
    const q = text.trim();
    go(q ? `/?q=${encodeURIComponent(q)}` : '/');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const from = current < options.length ? current : -1;
        const next = from + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setDismissed(true);
      setActive(-1);
    }
  };

  const group = (name: Option['group'], title: string) => {
    const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === name);
    if (!members.length) return null;
    const choose = (option: Option) => {
      if (option.group !== 'search') setText('');
      go(option.to);
    };
    const items = members.map(({ option, index }) => (
      <div
        key={option.key}
        id={optionId(index)}
        role="option"
        // The keyboard stays in the input (aria-activedescendant); an option is never tabbed to.
        tabIndex={-1}
        aria-selected={index === activeIndex}
        aria-label={option.label}
        // The input keeps the focus: a press here must not blur it before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(option)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') choose(option);
        }}
        onMouseMove={() => setActive(index)}
        className={cn(
          'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-zinc-100',
          index === activeIndex && 'bg-white/10',
        )}
      >
        {option.content}
      </div>
    ));
    if (name === 'search') return items;
    return (
      <div role="group" aria-labelledby={`${id}-${name}`} className="mt-1 border-t border-line pt-1">
        <div id={`${id}-${name}`} role="presentation" className="px-3 pb-1 pt-1.5 text-xs font-semibold text-zinc-400">
          {title}
        </div>
        {items}
      </div>
    );
  };

  const found = shownFor ? shownFor.creators.length + shownFor.tags.length : 0;
  return (
    <form role="search" onSubmit={submit} className={cn('relative flex gap-2', compact && 'gap-0')}>
      <label htmlFor={id} className="sr-only">
        {searchTexts.label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-zinc-400"
          aria-hidden="true"
        />
        <input
          ref={input}
          id={id}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setDismissed(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          placeholder={searchTexts.placeholder}
          className={cn(
            'h-10 w-full rounded-xl border border-line bg-panel pl-9 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-brand-400 focus:outline-none',
            compact ? 'pr-10' : 'pr-3',
          )}
        />
        {compact ? (
          <button
            type="submit"
            aria-label="Go"
            className="absolute right-1 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/10 hover:text-white"
          >
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {compact ? null : (
        <button type="submit" className={buttonClass('primary', 'sm', 'h-10 px-3')}>
          Go
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={searchTexts.label}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 max-h-[60dvh] w-full min-w-72 overflow-y-auto rounded-xl border border-line bg-panel p-1 shadow-2xl"
      >
        {open ? (
          <>
            {group('search', '')}
            {group('creators', searchTexts.creators)}
            {group('tags', searchTexts.tags)}
          </>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {open && shownFor ? searchTexts.suggestionsFound(found) : ''}
      </p>
    </form>
  );
}
