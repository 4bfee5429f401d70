import { useState } from 'react';
import { CreditCard } from 'lucide-react';
import { formatCents, planById } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../lib/toast';
import { useStartSubscriptionCheckout } from '../api';

const PRICE = planById('advertise_messaging').priceCentsPerMonth;

/** Opens the payment provider's card page for the $15/month messaging subscription. */
export function PayForMessagingButton({ className }: { className?: string }) {
  const start = useStartSubscriptionCheckout();
  const [isLeaving, setIsLeaving] = useState(false);
  const busy = start.isPending || isLeaving;
  return (
    <Button
      className={className}
      disabled={busy}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: ({ url }) => {
            setIsLeaving(true);
            window.location.assign(url);
          },
          onError: (err) => toast.error('Payment Failed', { description: err.message || 'Please try again or contact support.' }),
        })
      }
    >
      <CreditCard aria-hidden className="h-4 w-4" /> {busy ? 'Opening payment page...' : `Pay ${formatCents(PRICE)}/month`}
    </Button>
  );
}
