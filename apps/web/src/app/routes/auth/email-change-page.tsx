import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useEmailChangeLink } from '../../../features/accounts/account/api';
import { ApiError } from '../../../lib/api-client';
import { AuthShell } from './auth-shell';

const TEXT = {
  confirm: {
    title: 'Confirm Email Change',
    working: 'Confirming your new email...',
    done: (email: string) => `Your account now uses ${email}.`,
    next: 'We told your previous address, with a link to undo the change for 7 days.',
  },
  undo: {
    title: 'Undo Email Change',
    working: 'Restoring your email...',
    done: (email: string) => `Your account uses ${email} again.`,
    next: 'Every session was signed out. Someone may know your password: choose a new one now.',
  },
} as const;

/** The links of an e-mail change (docs/decisions/0053-account-controls.md): /account/email/confirm and /account/email/undo. */
function EmailChangeLink({ which }: { which: 'confirm' | 'undo' }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const link = useEmailChangeLink(which);
  const started = useRef(false);
  const text = TEXT[which];
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    link.mutate(token);
  }, [token, link]);
  return (
    <AuthShell title={text.title} hasOwnHeading>
      <Card>
        <CardContent className="space-y-3 pt-6 text-center">
          {!token || link.isError ? (
            <>
              <XCircle aria-hidden className="mx-auto h-10 w-10 text-red-700" />
              <h1 className="text-lg font-semibold">This link did not work.</h1>
              <p className="text-sm text-slate-700">
                {link.error instanceof ApiError
                  ? link.error.message
                  : 'This link is invalid. Please request a new one from your account page.'}
              </p>
              <Link to={paths.profile} className="inline-flex min-h-11 items-center text-brand-800 underline">
                Go to my account
              </Link>
            </>
          ) : link.isSuccess ? (
            <>
              <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-brand-700" />
              <h1 className="text-lg font-semibold">{text.done(link.data.email)}</h1>
              <p className="text-sm text-slate-700">{text.next}</p>
              <Link
                to={which === 'undo' ? paths.forgotPassword : paths.profile}
                className="inline-flex min-h-11 items-center text-brand-800 underline"
              >
                {which === 'undo' ? 'Choose a new password' : 'Go to my account'}
              </Link>
            </>
          ) : (
            <Spinner label={text.working} />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}

export function ConfirmEmailChangePage() {
  return <EmailChangeLink which="confirm" />;
}

export function UndoEmailChangePage() {
  return <EmailChangeLink which="undo" />;
}
