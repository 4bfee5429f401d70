import { useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_DAILY_CAP,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_LABELS,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { toast } from '../../../../lib/toast';
import { notificationSettingsQuery, useUpdateNotificationSettings } from '../api';

/**
 * The account's Notifications section (docs/decisions/0065-notifications.md): a switch per kind of non-transactional
 * e-mail, saved as it is flipped. Receipts, voucher codes, refunds and gifts are always sent.
 */
export function NotificationsCard() {
  const settings = useQuery(notificationSettingsQuery);
  const update = useUpdateNotificationSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Choose the e-mails you want. We send at most {NOTIFICATION_DAILY_CAP} of these a day. Receipts, voucher codes, refunds and gifts
          are always sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <Alert variant="destructive" title="We couldn't load your settings">
            {settings.error.message}
          </Alert>
        ) : (
          <ul className="divide-y divide-slate-200">
            {NOTIFICATION_PREFERENCES.map((kind) => {
              const { label, description } = NOTIFICATION_PREFERENCE_LABELS[kind];
              const isOn = settings.data[kind];
              const id = `notify-${kind}`;
              return (
                <li key={kind} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p id={id} className="font-medium text-slate-900">
                      {label}
                    </p>
                    <p id={`${id}-description`} className="text-sm text-slate-700">
                      {description}
                    </p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={isOn}
                    aria-labelledby={id}
                    aria-describedby={`${id}-description`}
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { [kind]: !isOn },
                        {
                          onSuccess: () => toast.success(NOTIFICATION_MESSAGES.saved),
                          onError: (err) => toast.error('Your setting was not saved', { description: err.message }),
                        },
                      )
                    }
                    className={cn(
                      'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors disabled:opacity-70',
                      isOn ? 'bg-brand-700' : 'bg-slate-400',
                    )}
                  >
                    <span
                      aria-hidden
                      className={cn(
                        'inline-block h-6 w-6 rounded-full bg-white shadow transition-transform',
                        isOn ? 'translate-x-7' : 'translate-x-1',
                      )}
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
