import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { paths } from '../../../../config/paths';
import { formatDate } from '../../../../lib/format';

/** After leaving Advertise + Messaging: every paid feature stays until the paid period ends (the downgrade promise). */
export function MessagingEnds({ until }: { until: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900">
      <CalendarClock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" />
      <div>
        <p className="font-semibold">
          Messaging active until <time dateTime={until}>{formatDate(until)}</time>
        </p>
        <p className="mt-1 text-slate-800">
          You left the Advertise + Messaging plan, so your subscription will not renew. You can answer customers, and your enhanced business
          page and analytics stay, until then.{' '}
          <Link to={paths.merchantDashboardTab('plans')} className="font-medium text-brand-800 underline underline-offset-2">
            Switch Plans
          </Link>{' '}
          to keep messaging.
        </p>
      </div>
    </div>
  );
}
