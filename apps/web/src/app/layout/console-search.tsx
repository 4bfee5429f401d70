import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loader2, ReceiptText, Search, Store, Ticket, User, type LucideIcon } from 'lucide-react';
import { ADMIN_SEARCH_MAX_LENGTH, ADMIN_SEARCH_MIN_LENGTH, type AdminSearchKind } from '@localperks/shared';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { api, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';

/*
 * The admin console's global search (issue 32, docs/decisions/0072-record-pages-and-search.md): a customer by e-mail
 * or name, a business by name, an order by id and a voucher by code, as a list of links to their records (a voucher
 * opens its order). One request per pause in the typing (debounced), none under 2 characters; Down from the box goes
 * to the results, Up/Down move through them, Escape comes back to the box, Enter in the box opens the first result.
 */

/** Quiet time after the last keystroke before the server is asked. */
const DEBOUNCE_MS = 300;

const KINDS: Record<AdminSearchKind, { icon: LucideIcon; label: string }> = {
  customer: { icon: User, label: 'Customer' },
  merchant: { icon: Store, label: 'Business' },
  order: { icon: ReceiptText, label: 'Order' },
  voucher: { icon: Ticket, label: 'Voucher' },
};

function SearchBox({ onDone, className }: { onDone?: () => void; className?: string }) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const typed = text.trim();
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const isAskable = asked.length >= ADMIN_SEARCH_MIN_LENGTH;
  const found = useQuery({
    queryKey: ['admin', 'search', asked],
    queryFn: () => api.get('/api/admin/search', { query: { q: asked } }),
    enabled: isAskable,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const results = isAskable ? (found.data?.results ?? []) : [];
  const isShown = isOpen && typed.length > 0;

  const links = () => [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`#${CSS.escape(listId)} a`) ?? [])];
  const done = () => {
    setIsOpen(false);
    setText('');
    setAsked('');
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const first = results[0];
    if (first && asked === typed) {
      void navigate(first.href);
      done();
    }
  };
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      setIsOpen(true);
      links()[0]?.focus();
    } else if (e.key === 'Escape' && isShown) {
      e.preventDefault();
      e.stopPropagation();
      setIsOpen(false);
    }
  };
  const onResultKey = (e: KeyboardEvent<HTMLAnchorElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = at + (e.key === 'ArrowDown' ? 1 : -1);
      if (next < 0 || next >= all.length) inputRef.current?.focus();
      else all[next]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      inputRef.current?.focus();
    }
  };

  const status = !isShown
    ? ''
    : typed.length < ADMIN_SEARCH_MIN_LENGTH
      ? `Type at least ${ADMIN_SEARCH_MIN_LENGTH} characters.`
      : found.isError
        ? errorMessage(found.error, 'The search failed. Please try again.')
        : asked !== typed || found.isFetching
          ? 'Searching…'
          : results.length === 0
            ? `Nothing found for “${typed}”. Try an e-mail, a name, a business, an order id or a voucher code.`
            : `${results.length} ${results.length === 1 ? 'result' : 'results'}`;

  return (
    <form
      ref={rootRef}
      role="search"
      aria-label="Find a record"
      onSubmit={submit}
      className={cn('relative', className)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget)) setIsOpen(false);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Find a customer, business, order or voucher
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-[22px] h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        aria-describedby={`${listId}-status`}
        value={text}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onKeyDown={onInputKey}
        placeholder="E-mail, name, business, order id, voucher code"
        className="min-h-11 w-full rounded-lg border border-slate-400 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500"
      />
      <div
        hidden={!isShown}
        className="z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg md:absolute md:left-0 md:right-0 md:top-full"
      >
        <p id={`${listId}-status`} aria-live="polite" className="flex items-center gap-2 px-3 py-2 text-xs text-slate-700">
          {isShown && found.isFetching && <Loader2 aria-hidden className="h-3 w-3 animate-spin" />}
          {status}
        </p>
        {results.length > 0 && (
          <ul id={listId} aria-label="Records found">
            {results.map((r) => {
              const kind = KINDS[r.kind];
              return (
                <li key={`${r.kind}-${r.id}`}>
                  <Link
                    to={r.href}
                    onClick={done}
                    onKeyDown={onResultKey}
                    className="flex min-h-11 items-center gap-3 px-3 py-2 text-sm text-slate-900 hover:bg-slate-100 focus:bg-brand-50 focus:outline focus:outline-2 focus:-outline-offset-2 focus:outline-brand-700"
                  >
                    <kind.icon aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">
                        <span className="sr-only">{kind.label}: </span>
                        {r.label}
                      </span>
                      <span className="block truncate text-xs text-slate-700">{r.detail}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </form>
  );
}

/** In the console's top bar: the box itself from 768 px, a button opening it in a dialog on a phone. */
export function ConsoleSearch() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <SearchBox className="hidden w-80 md:block lg:w-96" />
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Find a record"
        >
          <Search aria-hidden className="h-5 w-5" />
        </button>
        <DialogContent title="Find a record" className="top-4 translate-y-0">
          <SearchBox onDone={() => setIsOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
