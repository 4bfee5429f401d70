import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Ban, ExternalLink, MessageSquare, RotateCcw } from 'lucide-react';
import { SANCTION_REASON_MAX_LENGTH, paths, sanctionSchema } from '@localperks/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextDialog } from '../../../components/ui/text-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReinstateBusiness, useSuspendBusiness } from './api';
import { MessagesDialog } from './messages-dialog';

/** A business as its row in the console's Merchants table gives it: enough for its actions. */
export interface ModeratedBusiness {
  id: string;
  businessName: string;
  slug: string;
  status: 'pending' | 'approved' | 'suspended';
  registrationId: string | null;
}

function SuspendButton({ b, onDone }: { b: ModeratedBusiness; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const suspend = useSuspendBusiness();
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label={`Suspend ${b.businessName}`}>
        <Ban aria-hidden className="h-4 w-4" /> Suspend
      </Button>
      <TextDialog
        open={open}
        onOpenChange={setOpen}
        title={`Suspend ${b.businessName}?`}
        description="Its business page and deals disappear from LocalPerks (404) and cannot be bought, open payment pages are closed, and its payouts are held. Vouchers already sold stay valid. The merchant reads your reason on its dashboard and by e-mail, and can answer in its thread."
        label="Reason (the merchant reads it)"
        field="reason"
        schema={sanctionSchema}
        maxLength={SANCTION_REASON_MAX_LENGTH}
        submitLabel="Suspend"
        pendingLabel="Suspending..."
        submitVariant="destructive"
        isPending={suspend.isPending}
        onSubmit={(reason) =>
          suspend.mutateAsync({ id: b.id, reason }).then(
            () => {
              setOpen(false);
              onDone();
              toast.success('Business suspended', { description: `${b.businessName} is hidden from customers and its payouts are held.` });
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The business was not suspended. Please try again.') }),
          )
        }
      />
    </>
  );
}

function ReinstateButton({ b, onDone }: { b: ModeratedBusiness; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const reinstate = useReinstateBusiness();
  const confirm = () =>
    reinstate.mutateAsync(b.id).then(
      () => {
        setOpen(false);
        onDone();
        toast.success('Business reinstated', { description: `${b.businessName} is back on LocalPerks and its payouts are released.` });
      },
      (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The business was not reinstated. Please try again.') }),
    );
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Reinstate ${b.businessName}`}>
        <RotateCcw aria-hidden className="h-4 w-4" /> Reinstate
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Reinstate ${b.businessName}?`}
        description="Its business page and deals are shown and sold again, and its held payouts are paid as usual. The merchant is e-mailed."
        confirmLabel="Reinstate"
        pendingLabel="Reinstating..."
        isPending={reinstate.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

/** A business's actions in its row: its public page, its thread with the admins, its suspension or reinstatement. */
function BusinessActions({ b, onChanged }: { b: ModeratedBusiness; onChanged: () => void }) {
  const [isThreadOpen, setIsThreadOpen] = useState(false);
  return (
    <>
      {b.status === 'approved' && (
        <Link to={paths.business(b.slug)} className={buttonClass('ghost', 'sm')} aria-label={`Page of ${b.businessName}`}>
          <ExternalLink aria-hidden className="h-4 w-4" /> Page
        </Link>
      )}
      {b.registrationId && (
        <>
          <Button variant="secondary" size="sm" onClick={() => setIsThreadOpen(true)} aria-label={`Messages with ${b.businessName}`}>
            <MessageSquare aria-hidden className="h-4 w-4" /> Messages
          </Button>
          <MessagesDialog registrationId={b.registrationId} open={isThreadOpen} onOpenChange={setIsThreadOpen} />
        </>
      )}
      {b.status === 'suspended' ? (
        <ReinstateButton b={b} onDone={onChanged} />
      ) : b.status === 'approved' ? (
        <SuspendButton b={b} onDone={onChanged} />
      ) : null}
    </>
  );
}

/**
 * The Businesses section (owners; docs/decisions/0063-suspensions-and-bans.md): the console's Merchants table is the
 * list (`table`, issue 32), each row holding the business's page, its messages and its suspension or reinstatement
 * (`more`: what the console adds to a row, its deals); `onChanged` refreshes the table after a suspension or a
 * reinstatement.
 */
export default function BusinessesTab({
  table,
  more,
  onChanged,
}: {
  table: (actions: (business: ModeratedBusiness) => ReactNode) => ReactNode;
  more?: (business: ModeratedBusiness) => ReactNode;
  onChanged: () => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Suspend a business that breaks the merchant terms; reinstating undoes everything.</p>
      {table((b) => (
        <>
          {more?.(b)}
          <BusinessActions b={b} onChanged={onChanged} />
        </>
      ))}
    </div>
  );
}
