import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Check, ExternalLink, MailCheck, MailWarning, MessageSquare, RotateCcw, X } from 'lucide-react';
import {
  ADMIN_APPROVAL_MESSAGES as M,
  PLANS,
  REJECTION_PREVIEW_LENGTH,
  type AdminMerchantRequest,
  type AdminRequestSection,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { LoadMore } from '../../../components/ui/pager';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { merchantRequestsQuery, useApproveMerchant, useResetMerchant } from './api';
import { Badge, capitalise } from '../../../components/ui/status-badge';
import { MessagesDialog } from './messages-dialog';
import { RejectDialog } from './reject-dialog';

const planLabel = (plan: string) => PLANS.find((p) => p.id === plan)?.name ?? plan;

/** One card's requests, with a Load more button when there are more than a page. */
export function useSection(section: AdminRequestSection) {
  const q = useInfiniteQuery(merchantRequestsQuery(section));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  return { q, items, total };
}

function ViewMessagesButton({ request }: { request: AdminMerchantRequest }) {
  const [open, setOpen] = useState(false);
  const unread = request.unreadMessages;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`View Messages with ${request.businessName}${unread ? `, ${unread} unread` : ''}`}
      >
        <MessageSquare aria-hidden className="h-4 w-4" /> View Messages
        {unread > 0 && (
          <span aria-hidden className="min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs font-semibold leading-5 text-white">
            {unread}
          </span>
        )}
      </Button>
      {open && <MessagesDialog registrationId={request.id} open={open} onOpenChange={setOpen} />}
    </>
  );
}

/**
 * The card a notification links to (`?request=…`): scrolled into view, focused and outlined, so the
 * admin lands on the registration the notification is about.
 */
function useLinkedCard(id: string) {
  const [params] = useSearchParams();
  const isLinked = params.get('request') === id;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!isLinked || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [isLinked]);
  return { ref, isLinked, tabIndex: isLinked ? -1 : undefined };
}

/** Whether the merchant confirmed their e-mail address (users.email_verified_at). */
function EmailStatus({ verifiedAt }: { verifiedAt: string | null }) {
  return verifiedAt ? (
    <Badge tone="green">
      <MailCheck aria-hidden className="mr-1 h-3.5 w-3.5" /> E-mail verified
    </Badge>
  ) : (
    <Badge tone="red">
      <MailWarning aria-hidden className="mr-1 h-3.5 w-3.5" /> E-mail not verified
    </Badge>
  );
}

function PendingItem({ request }: { request: AdminMerchantRequest }) {
  const approve = useApproveMerchant();
  const [isRejecting, setIsRejecting] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const linked = useLinkedCard(request.id);
  const isVerified = Boolean(request.emailVerifiedAt);
  const doApprove = (confirmUnverified: boolean) =>
    approve.mutateAsync({ id: request.id, confirmUnverified }).then(
      (r) => {
        setIsConfirming(false);
        toast.success(M.approvedTitle, {
          description: `${r.businessName} has been approved with a ${r.commissionRate}% commission rate and can now access their dashboard.`,
        });
      },
      () => {
        setIsConfirming(false);
        toast.error('Error', { description: M.approveFailed });
      },
    );
  // Every approval is confirmed first (it opens the dashboard and, on Deals + Messaging, selling); an
  // unverified merchant's says so, and the server requires the flag for it.
  const onApprove = () => setIsConfirming(true);
  return (
    <li
      ref={linked.ref}
      tabIndex={linked.tabIndex}
      className={cn('rounded-lg border border-slate-200 p-3 sm:p-4', linked.isLinked && 'ring-2 ring-brand-700 ring-offset-2')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold text-slate-900">{request.businessName}</h3>
            <Badge tone="amber">Pending</Badge>
            <EmailStatus verifiedAt={request.emailVerifiedAt} />
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="sr-only">Email</dt>
              <dd className="break-all">{request.email}</dd>
            </div>
            <div>
              <dt className="sr-only">Phone</dt>
              <dd>{request.phone}</dd>
            </div>
            <div>
              <dt className="sr-only">Location</dt>
              <dd>
                {request.city}, {request.state}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-800">Plan: </dt>
              <dd className="inline">
                {planLabel(request.plan)} ({request.commissionRate}% commission)
              </dd>
            </div>
          </dl>
          {request.website && (
            <a
              href={request.website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center gap-1 break-all text-sm text-brand-800 underline underline-offset-2"
            >
              {request.website} <ExternalLink aria-hidden className="h-3.5 w-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{request.description}</p>
          <p className="text-xs text-slate-700">Submitted {formatDateTime(request.createdAt)}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" className="bg-emerald-700 hover:bg-emerald-800" onClick={onApprove} disabled={approve.isPending}>
          <Check aria-hidden className="h-4 w-4" /> {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setIsRejecting(true)}>
          <X aria-hidden className="h-4 w-4" /> Reject
        </Button>
        <ViewMessagesButton request={request} />
      </div>
      {isRejecting && <RejectDialog request={request} open={isRejecting} onOpenChange={setIsRejecting} />}
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        {isConfirming && (
          <DialogContent
            title={isVerified ? `Approve ${request.businessName}?` : 'Approve without a verified e-mail?'}
            description={
              isVerified
                ? `${request.businessName} gets its merchant dashboard on ${planLabel(request.plan)} with a ${request.commissionRate}% commission rate, and is e-mailed at ${request.email}.`
                : `${request.businessName} (${request.email}) has not confirmed their e-mail address yet, so it may be mistyped or not theirs.`
            }
          >
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button
                className="bg-emerald-700 hover:bg-emerald-800"
                onClick={() => void doApprove(!isVerified)}
                disabled={approve.isPending}
              >
                {approve.isPending ? 'Approving...' : isVerified ? 'Approve' : 'Approve anyway'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </li>
  );
}

function AwaitingItem({ request }: { request: AdminMerchantRequest }) {
  const reset = useResetMerchant();
  const reason = request.rejectionReason ?? '';
  const preview = reason.length > REJECTION_PREVIEW_LENGTH ? `${reason.slice(0, REJECTION_PREVIEW_LENGTH)}...` : reason;
  const linked = useLinkedCard(request.id);
  const onReset = () =>
    reset.mutateAsync(request.id).then(
      () => toast.success(M.resetTitle, { description: `${request.businessName} is now ready for review.` }),
      () => toast.error('Error', { description: M.resetFailed }),
    );
  return (
    <li
      ref={linked.ref}
      tabIndex={linked.tabIndex}
      className={cn('rounded-lg border border-orange-300 bg-white p-3 sm:p-4', linked.isLinked && 'ring-2 ring-brand-700 ring-offset-2')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{request.businessName}</h3>
        <Badge tone="orange">Awaiting merchant response</Badge>
        <EmailStatus verifiedAt={request.emailVerifiedAt} />
      </div>
      <p className="mt-1 break-all text-sm text-slate-700">{request.email}</p>
      {preview && (
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-medium">Reason: </span>
          {preview}
        </p>
      )}
      <p className="text-xs text-slate-700">Updated {formatDateTime(request.updatedAt)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onReset} disabled={reset.isPending}>
          <RotateCcw aria-hidden className="h-4 w-4" /> {reset.isPending ? 'Updating...' : 'Reset to Review'}
        </Button>
        <ViewMessagesButton request={request} />
      </div>
    </li>
  );
}

function SectionState({ q, children }: { q: ReturnType<typeof useSection>['q']; children: ReactNode }) {
  if (q.isPending)
    return (
      <p role="status" className="py-4 text-slate-700">
        Loading...
      </p>
    );
  if (q.isError) return <Alert variant="destructive" title={M.loadFailed} />;
  return <>{children}</>;
}

export function PendingCard() {
  const { q, items, total } = useSection('pending');
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>New Pending Approvals ({total})</CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <SectionState q={q}>
          {items.length === 0 ? (
            <p className="py-6 text-center text-slate-700">{M.noPending}</p>
          ) : (
            <ul aria-label="New pending approvals" className="space-y-3">
              {items.map((r) => (
                <PendingItem key={r.id} request={r} />
              ))}
            </ul>
          )}
          <LoadMore query={q} className="mt-3 w-full" />
        </SectionState>
      </CardContent>
    </Card>
  );
}

/** Shown only when some merchant has been asked to respond (orange, docs/product/merchant-admin-spec.md §2). */
export function AwaitingCard() {
  const { q, items, total } = useSection('awaiting');
  if (q.isPending || q.isError || total === 0) return null;
  return (
    <Card className="border-orange-300 bg-orange-50">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-orange-900">Awaiting Merchant Response ({total})</CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul aria-label="Awaiting merchant response" className="space-y-3">
          {items.map((r) => (
            <AwaitingItem key={r.id} request={r} />
          ))}
        </ul>
        <LoadMore query={q} className="mt-3 w-full" />
      </CardContent>
    </Card>
  );
}

export function ProcessedCard() {
  const { q, items } = useSection('processed');
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Recently Processed</CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <SectionState q={q}>
          {items.length === 0 ? (
            <p className="py-4 text-center text-slate-700">No processed registrations yet.</p>
          ) : (
            <ul aria-label="Recently processed" className="divide-y divide-slate-200">
              {items.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{r.businessName}</p>
                    <p className="break-all text-sm text-slate-700">{r.email}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <Badge tone={r.status === 'approved' ? 'green' : r.status === 'rejected' ? 'red' : 'slate'}>
                      {capitalise(r.status)}
                    </Badge>
                    <span className="text-sm text-slate-700">{formatDate(r.updatedAt)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </SectionState>
      </CardContent>
    </Card>
  );
}
