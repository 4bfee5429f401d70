import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { formatCents, paths } from '@localperks/shared';
import { cn } from '../../../../lib/cn';
import { useSession } from '../../../../lib/session';
import { secondFactorReminderQuery } from '../api';

/**
 * The console's reminder to the owner of a business that holds money (docs/decisions/0055-passkeys-and-authenticator-codes.md):
 * payouts and customer messages sit behind the password alone until the account has a passkey or an authenticator app.
 * A reminder, not a lock: nothing else on the console waits for it.
 */
export function SecondFactorReminder({ className }: { className?: string }) {
  // The business's money is the owner's: staff sign in with accounts of their own and are not asked.
  const { user } = useSession();
  const reminder = useQuery({ ...secondFactorReminderQuery, enabled: user?.merchantRole === 'owner' });
  if (!reminder.data?.remind) return null;
  return (
    <section
      aria-labelledby="second-factor-reminder"
      className={cn('flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950', className)}
    >
      <ShieldAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
      <div className="space-y-1">
        <h2 id="second-factor-reminder" className="font-semibold">
          Protect your payouts with a second sign-in step
        </h2>
        <p>
          Your business holds {formatCents(reminder.data.balanceCents)} waiting to be paid out, and your account signs in with a password
          alone. Add a passkey or an authenticator app so a stolen password is not enough.
        </p>
        <Link to={paths.profileTab('security')} className="inline-flex min-h-11 items-center font-medium text-amber-950 underline">
          Add a passkey or authenticator app
        </Link>
      </div>
    </section>
  );
}
