import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useUnsubscribeLink } from '../../../features/engagement/notifications/api';

/**
 * /unsubscribe?token=…: the visible unsubscribe link of a non-transactional e-mail (docs/decisions/0065-notifications.md).
 * Opening it is the one click: the page posts the signed token (the server never unsubscribes on a GET, which mail
 * scanners send) and says what was turned off, with an Undo. No sign-in needed.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeLink();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);
  const result = unsubscribe.data;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <title>Unsubscribe | LocalPerks</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">E-mail settings</h1>
      <div className="mt-6" role="status">
        {!token ? (
          <Alert variant="destructive" title="This link is incomplete">
            Open the unsubscribe link from the e-mail again, or change your settings in your account.
          </Alert>
        ) : unsubscribe.isPending || (!result && !unsubscribe.isError) ? (
          <Spinner />
        ) : unsubscribe.isError ? (
          <Alert variant="destructive" title="We could not unsubscribe you">
            {unsubscribe.error.message}
          </Alert>
        ) : result ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              {result.subscribed ? (
                <MailCheck aria-hidden className="h-6 w-6 text-brand-700" />
              ) : (
                <MailX aria-hidden className="h-6 w-6 text-brand-700" />
              )}
              {result.subscribed ? 'Subscribed again' : 'You are unsubscribed'}
            </p>
            <p className="mt-2 text-slate-800">{result.message}</p>
            <p className="mt-2 text-sm text-slate-700">
              Receipts, voucher codes, refunds and gifts are still sent: they are about what you bought.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate({ token, undo: !result.subscribed })}
              >
                {result.subscribed ? 'Unsubscribe again' : 'Undo'}
              </Button>
              <Link to={paths.profileTab('notifications')} className={buttonClass('ghost')}>
                All notification settings
              </Link>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
