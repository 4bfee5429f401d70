import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Inbox, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { paths } from '../../../config/paths';

/** Turns the URLs of a plain-text mail into links. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="text-brand-800 underline">
            {p}
          </a>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </pre>
  );
}

/** /dev/mailbox: every mail the server "sent" while no SMTP server is configured (development only). */
export default function DevMailboxPage() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [view, setView] = useState<'text' | 'html'>('text');
  // ?to=address shows one recipient's mail only (a busy mailbox pushes a mail off the first page in seconds).
  const to = useSearchParams()[0].get('to') ?? undefined;
  const list = useQuery({
    queryKey: ['dev-mailbox', page, to],
    queryFn: () => api.get('/api/dev/mailbox', { query: { page, ...(to ? { to } : {}) } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  const mail = useQuery({
    queryKey: ['dev-mail', selected],
    queryFn: () => api.get('/api/dev/mailbox/:id', { params: { id: selected ?? '' } }).then((r) => r.mail),
    enabled: Boolean(selected),
  });

  if (list.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Development mailbox</h1>
        <p className="mt-2 text-slate-700">The mailbox is only available in development when no SMTP server is configured.</p>
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>Mailbox | LocalPerks</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Inbox aria-hidden className="h-6 w-6 text-brand-700" /> Development mailbox
          </h1>
          <p className="text-sm text-slate-600">Mail is not sent out in development: every message the product sends appears here.</p>
          {to && (
            <p className="text-sm text-slate-700">
              Showing mail to <strong>{to}</strong> ·{' '}
              <Link to={paths.devMailbox} className="text-brand-700 underline">
                Show all mail
              </Link>
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          <RefreshCw aria-hidden className="h-4 w-4" /> Refresh
        </Button>
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Messages" className="rounded-xl border border-slate-200 bg-white">
          {list.isPending ? (
            <Spinner />
          ) : list.data.mails.length === 0 ? (
            <p className="p-6 text-center text-slate-600">No mail yet. Sign up or request a password reset to see one here.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {list.data.mails.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(m.id)}
                    aria-current={selected === m.id}
                    className={cn('block w-full px-4 py-3 text-left hover:bg-slate-50', selected === m.id && 'bg-brand-50')}
                  >
                    <span className="block truncate text-sm font-semibold text-slate-900">{m.subject}</span>
                    <span className="block truncate text-xs text-slate-600">
                      To {m.to} · {new Date(m.createdAt).toLocaleString()}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-between border-t border-slate-200 p-2">
            <Button variant="ghost" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <span className="self-center text-xs text-slate-600">Page {page}</span>
            <Button variant="ghost" size="sm" disabled={!list.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </div>
        </section>
        <section aria-label="Selected message" className="min-h-64 rounded-xl border border-slate-200 bg-white p-4">
          {!selected ? (
            <p className="py-16 text-center text-slate-600">Select a message to read it.</p>
          ) : mail.isPending ? (
            <Spinner />
          ) : mail.data ? (
            <article>
              <h2 className="text-lg font-semibold">{mail.data.subject}</h2>
              <p className="text-sm text-slate-600">To {mail.data.to}</p>
              <div className="my-3 flex gap-2" role="group" aria-label="Format">
                <Button size="sm" variant={view === 'text' ? 'primary' : 'secondary'} onClick={() => setView('text')}>
                  Text
                </Button>
                <Button size="sm" variant={view === 'html' ? 'primary' : 'secondary'} onClick={() => setView('html')}>
                  HTML
                </Button>
              </div>
              {view === 'text' ? (
                <LinkedText text={mail.data.text} />
              ) : (
                <iframe
                  title="HTML part"
                  sandbox="allow-popups allow-top-navigation-by-user-activation"
                  srcDoc={mail.data.html}
                  className="h-[32rem] w-full rounded border border-slate-200"
                />
              )}
            </article>
          ) : null}
        </section>
      </div>
    </div>
  );
}
