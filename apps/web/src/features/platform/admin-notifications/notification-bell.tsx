import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { ADMIN_NOTIFICATION_MESSAGES as M, type AdminNotification } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMessageEvents } from '../../../lib/use-message-events';
import { cn } from '../../../lib/cn';
import { notificationsKey, notificationsQuery, unreadCountQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from './api';

function NotificationItem({ n, onOpen }: { n: AdminNotification; onOpen: () => void }) {
  const markRead = useMarkNotificationRead();
  const isUnread = !n.readAt;
  const open = () => {
    if (isUnread) markRead.mutate(n.id);
    onOpen();
  };
  return (
    <li className={cn('rounded-lg border p-3', isUnread ? 'border-emerald-300 bg-brand-50' : 'border-slate-200 bg-white')}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {isUnread && <span aria-hidden className="mr-2 inline-block h-2 w-2 rounded-full bg-brand-700 align-middle" />}
          {/* The title is the link: its name is what it is about (not a row of "Open" links). */}
          <Link
            to={n.href}
            onClick={open}
            className="inline-flex min-h-10 items-center rounded-md text-brand-900 underline underline-offset-2 hover:bg-brand-100"
          >
            {n.title}
          </Link>
          {isUnread && <span className="sr-only"> (unread)</span>}
        </h3>
        <span className="shrink-0 text-xs text-slate-700">{formatDateTime(n.createdAt)}</span>
      </div>
      <p className="mt-1 break-words text-sm text-slate-800">{n.message}</p>
      {isUnread && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Mark as read: ${n.title}`}
            disabled={markRead.isPending}
            onClick={() =>
              markRead.mutate(n.id, { onError: (err) => toast.error('Error', { description: errorMessage(err, M.loadFailed) }) })
            }
          >
            Mark as read
          </Button>
        </div>
      )}
    </li>
  );
}

function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(1);
  const q = useQuery(notificationsQuery(page));
  const markAll = useMarkAllNotificationsRead();
  const unread = q.data?.unread ?? 0;
  return (
    <DialogContent
      title="Notifications"
      description="Newest first. Follow one to go to what it is about; it is marked done once handled."
      className="max-w-xl"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {unread === 1 ? '1 unread' : `${unread} unread`}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, { onError: (err) => toast.error('Error', { description: errorMessage(err, M.loadFailed) }) })
          }
        >
          <CheckCheck aria-hidden className="h-4 w-4" /> Mark all as read
        </Button>
      </div>
      <div className="mt-3 max-h-[60vh] overflow-y-auto">
        {q.isPending ? (
          <p role="status" className="py-4 text-slate-700">
            Loading...
          </p>
        ) : q.isError ? (
          <Alert variant="destructive" title={M.loadFailed} />
        ) : q.data.items.length === 0 ? (
          <p className="py-6 text-center text-slate-700">{M.empty}</p>
        ) : (
          <ul aria-label="Notifications" className="space-y-2">
            {q.data.items.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={onClose} />
            ))}
          </ul>
        )}
      </div>
      {q.data && (
        <Pager
          page={page}
          total={q.data.total}
          pageSize={q.data.pageSize}
          onPage={setPage}
          label="Notification pages"
          size="sm"
          className="mt-3"
        />
      )}
    </DialogContent>
  );
}

/**
 * The admin dashboard's bell: the unread count, kept current by the live `notification` event
 * (GET /api/events/messages) and on window focus; opens the list of notifications.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const count = useQuery(unreadCountQuery);
  const refresh = () => void qc.invalidateQueries({ queryKey: notificationsKey });
  useMessageEvents(
    (e) => {
      if (e.type === 'notification') refresh();
    },
    true,
    // A notification written before the stream was listening (just after the first count) is counted too.
    refresh,
  );
  const unread = count.data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={label}
        data-testid="admin-notifications-bell"
        className="relative"
      >
        <Bell aria-hidden className="h-4 w-4" />
        <span className="hidden sm:inline">Notifications</span>
        {/* A space between the word and the badge: the name ("Notifications, 2 unread") holds what is seen ("Notifications 2"), WCAG 2.5.3. */}
        {unread > 0 && (
          <>
            {' '}
            <span
              aria-hidden
              data-testid="admin-unread-count"
              className="inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          </>
        )}
      </Button>
      {open && <NotificationsPanel onClose={() => setOpen(false)} />}
    </Dialog>
  );
}
