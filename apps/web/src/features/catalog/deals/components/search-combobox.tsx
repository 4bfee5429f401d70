import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { SEARCH_MAX_LENGTH, paths, type SearchSuggestions } from '@localperks/shared';
import { cn } from '../../../../lib/cn';
import { suggestionsQuery } from '../api';

/** Quiet time after the last keystroke before suggestions are asked for: at most one request per pause. */
const DEBOUNCE_MS = 200;

interface Option {
  id: string;
  href: string;
  label: string;
  detail?: string;
}

/** The suggestions as listbox groups of links, in the order they are shown (empty groups left out). */
function groupsOf(data: SearchSuggestions | undefined): { name: string; options: Option[] }[] {
  if (!data) return [];
  return [
    {
      name: 'Deals',
      options: data.deals.map((d) => ({
        id: `d-${d.id}`,
        href: paths.deal(d.id),
        label: d.title,
        detail: `${d.merchantName} · ${d.city}, ${d.state}`,
      })),
    },
    {
      name: 'Businesses',
      options: data.businesses.map((b) => ({
        id: `b-${b.slug}`,
        href: paths.business(b.slug),
        label: b.name,
        detail: `${b.city}, ${b.state}`,
      })),
    },
    {
      name: 'Categories',
      options: data.categories.map((c) => ({
        id: `c-${c.id}`,
        href: `${paths.deals}?category=${c.id}`,
        label: c.name,
        detail: 'Category',
      })),
    },
  ].filter((g) => g.options.length > 0);
}

/**
 * The header's search (docs/decisions/0050-search.md): an ARIA 1.2 combobox (the APG "list autocomplete"
 * pattern). Typing asks the server for suggestions once the typing pauses (debounced: at most one request
 * per keystroke, none for a text already asked, answers cached per text), shown as a listbox of links: up
 * to 5 deals, 3 businesses and the matching categories. Down/Up move through them (past either end back
 * to the box), Enter opens the one chosen or searches for the text, Escape closes the list and then clears
 * the box; a click opens a suggestion like any link. A polite live region says how many there are.
 */
export function SearchCombobox({ className, onDone, inputId }: { className?: string; onDone?: () => void; inputId: string }) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);

  const typed = text.trim();
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // The previous answer stays on screen while the next text is asked for (no flicker between keystrokes).
  const { data } = useQuery({ ...suggestionsQuery(asked), placeholderData: keepPreviousData });

  const groups = typed && asked ? groupsOf(data) : [];
  const options = groups.flatMap((g) => g.options);
  const isShown = isOpen && options.length > 0;
  const optionId = (o: Option) => `${listId}-${o.id}`;
  const chosen = isShown && active >= 0 ? options[active] : undefined;

  // A new list starts with nothing chosen.
  useEffect(() => setActive(-1), [data]);

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const done = () => {
    close();
    setText('');
    setAsked('');
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!typed) return; // blank input is ignored
    navigate(`${paths.deals}?search=${encodeURIComponent(typed)}`);
    done();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setIsOpen(true);
      // Alt+Down only opens the list.
      if (e.altKey) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: moving past either end comes back to it.
      setActive((i) => ((i + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (e.key === 'Enter' && chosen) {
      e.preventDefault();
      navigate(chosen.href);
      done();
    } else if (e.key === 'Escape') {
      if (isShown) {
        e.preventDefault();
        close();
      } else setText('');
    } else if (e.key === 'Tab') close();
  };

  return (
    <form
      ref={rootRef}
      role="search"
      onSubmit={submit}
      className={cn('relative', className)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget)) close();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search deals
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-activedescendant={chosen ? optionId(chosen) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onClick={() => setIsOpen(true)}
        onKeyDown={onKeyDown}
        placeholder="Search deals..."
        className="min-h-11 w-full rounded-lg border border-slate-400 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!isShown}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg md:left-auto md:w-96"
      >
        {groups.map((g) => (
          <div key={g.name} role="group" aria-labelledby={`${listId}-${g.name}`}>
            <div
              id={`${listId}-${g.name}`}
              role="presentation"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600"
            >
              {g.name}
            </div>
            {g.options.map((o) => {
              const isActive = chosen?.id === o.id;
              return (
                <Link
                  key={o.id}
                  id={optionId(o)}
                  role="option"
                  aria-selected={isActive}
                  tabIndex={-1}
                  to={o.href}
                  onClick={done}
                  // The box keeps the focus (and the list stays open) until the click opens the link.
                  onMouseDown={(e) => e.preventDefault()}
                  className={cn(
                    'block px-3 py-2 text-sm text-slate-900 hover:bg-slate-100',
                    isActive && 'bg-brand-50 outline outline-2 -outline-offset-2 outline-brand-700',
                  )}
                >
                  <span className="block truncate font-medium">{o.label}</span>
                  {o.detail && <span className="block truncate text-xs text-slate-700">{o.detail}</span>}
                </Link>
              );
            })}
          </div>
        ))}
      </div>
      <div aria-live="polite" className="sr-only">
        {isShown ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose` : ''}
      </div>
    </form>
  );
}
