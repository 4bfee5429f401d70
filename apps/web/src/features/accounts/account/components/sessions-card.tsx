import { useQuery } from '@tanstack/react-query';
import { Laptop, Smartphone, Tablet, Monitor } from 'lucide-react';
import type { AccountSession } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Badge } from '../../../../components/ui/status-badge';
import { Spinner } from '../../../../components/ui/spinner';
import { formatDateTime } from '../../../../lib/format';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { sessionsQuery, useEndSessions } from '../api';

const ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet, other: Monitor } as const;

function SessionRow({ session, onEnd, isEnding }: { session: AccountSession; onEnd: () => void; isEnding: boolean }) {
  const Icon = ICONS[session.device];
  const name = `${session.browser} on ${session.os}`;
  return (
    <li className="flex flex-wrap items-start gap-3 py-4">
      <Icon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-slate-600" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {name}
          {session.isCurrent && <Badge tone="green">This device</Badge>}
        </p>
        <p className="text-sm text-slate-700">{session.city ?? session.ip ?? 'Unknown place'}</p>
        <p className="text-sm text-slate-600">
          Signed in {formatDateTime(session.firstSeenAt)} · Last seen {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      {!session.isCurrent && (
        <Button variant="secondary" size="sm" onClick={onEnd} disabled={isEnding} aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Security tab: where the account is signed in, with sign-out for one session or all others (docs/decisions/0053). */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery);
  const end = useEndSessions();
  const endOne = (which: string, what: string) =>
    end.mutate(which, {
      onSuccess: ({ ended }) =>
        toast.success('Signed out', {
          description: which === 'others' ? `${ended} other session(s) signed out.` : `${what} was signed out.`,
        }),
      onError: (err) => toast.error('Sign-out failed', { description: errorMessage(err, 'Please try again.') }),
    });
  const others = sessions.data?.filter((s) => !s.isCurrent).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you’re signed in</CardTitle>
        <CardDescription>Sign out any device you don’t recognise, then change your password.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Spinner label="Loading sessions..." />
        ) : sessions.isError ? (
          <p className="text-sm text-red-700">Your sessions could not be loaded. Please reload the page.</p>
        ) : (
          <>
            <ul aria-label="Sessions" className="divide-y divide-slate-200">
              {sessions.data.map((s) => (
                <SessionRow key={s.id} session={s} isEnding={end.isPending} onEnd={() => endOne(s.id, `${s.browser} on ${s.os}`)} />
              ))}
            </ul>
            {others > 0 && (
              <Button variant="secondary" className="mt-2" disabled={end.isPending} onClick={() => endOne('others', '')}>
                Sign out all other sessions
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
