import { useState, type ReactNode } from 'react';
import { Ban, RotateCcw } from 'lucide-react';
import { SANCTION_REASON_MAX_LENGTH, sanctionSchema } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextDialog } from '../../../components/ui/text-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBanCustomer, useUnbanCustomer } from './api';

/** A customer as its row in the console's Customers table gives it: enough to ban them or lift their ban. */
export interface BannableCustomer {
  id: string;
  name: string;
  email: string;
  status: 'active' | 'unverified' | 'banned';
}

/** A customer's name, or their e-mail when they gave none. */
const nameOf = (c: BannableCustomer) => c.name || c.email;

function BanButton({ c, onDone }: { c: BannableCustomer; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const ban = useBanCustomer();
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label={`Ban ${nameOf(c)}`}>
        <Ban aria-hidden className="h-4 w-4" /> Ban
      </Button>
      <TextDialog
        open={open}
        onOpenChange={setOpen}
        title={`Ban ${nameOf(c)}?`}
        description="They are signed out everywhere at once and can no longer sign in; they read your reason when they try. Their vouchers stay valid and refunds under way are still paid."
        label="Reason (the customer reads it)"
        field="reason"
        schema={sanctionSchema}
        maxLength={SANCTION_REASON_MAX_LENGTH}
        submitLabel="Ban"
        pendingLabel="Banning..."
        submitVariant="destructive"
        isPending={ban.isPending}
        onSubmit={(reason) =>
          ban.mutateAsync({ id: c.id, reason }).then(
            () => {
              setOpen(false);
              onDone();
              toast.success('Customer banned', { description: `${c.email} was signed out and cannot sign in.` });
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The customer was not banned. Please try again.') }),
          )
        }
      />
    </>
  );
}

function UnbanButton({ c, onDone }: { c: BannableCustomer; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const unban = useUnbanCustomer();
  const confirm = () =>
    unban.mutateAsync(c.id).then(
      () => {
        setOpen(false);
        onDone();
        toast.success('Ban lifted', { description: `${c.email} can sign in again.` });
      },
      (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The ban was not lifted. Please try again.') }),
    );
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Lift ban: ${nameOf(c)}`}>
        <RotateCcw aria-hidden className="h-4 w-4" /> Lift ban
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Lift the ban of ${nameOf(c)}?`}
        description="They can sign in again with their password."
        confirmLabel="Lift ban"
        pendingLabel="Lifting..."
        isPending={unban.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

/**
 * The Customers section (owners and support; docs/decisions/0063-suspensions-and-bans.md): the console's Customers
 * table is the list (`table`, issue 32), each row holding its ban or the lifting of its ban; `onChanged` refreshes
 * the table after either.
 */
export default function CustomersTab({
  table,
  onChanged,
}: {
  table: (actions: (customer: BannableCustomer) => ReactNode) => ReactNode;
  onChanged: () => void;
}) {
  const actions = (c: BannableCustomer) =>
    c.status === 'banned' ? <UnbanButton c={c} onDone={onChanged} /> : <BanButton c={c} onDone={onChanged} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Ban a customer who abuses refunds or messages; their vouchers and refunds stay as they are.</p>
      {table(actions)}
    </div>
  );
}
