import { Lock } from 'lucide-react';
import { MERCHANT_DASHBOARD_MESSAGES as D, type MerchantOverview, formatCents, planById } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { PayForMessagingButton } from './pay-for-messaging';

type Merchant = NonNullable<MerchantOverview['merchant']>;

/** Customer Messages without messaging access (docs/product/merchant-admin-spec.md §4): locked, with the way to unlock it. */
export function MessagesLocked({ merchant, onSwitchPlans }: { merchant: Merchant; onSwitchPlans: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <Lock aria-hidden className="h-10 w-10 text-slate-600" />
        <h2 className="text-xl font-semibold text-slate-900">Customer Messages are locked</h2>
        {merchant.subscriptionPlan === 'advertise_messaging' ? (
          <>
            <p className="max-w-md text-slate-700">
              {D.paymentNeeded} The Advertise + Messaging plan is {formatCents(planById('advertise_messaging').priceCentsPerMonth)} per
              month, billed monthly until canceled.
            </p>
            {merchant.approved ? (
              <PayForMessagingButton />
            ) : (
              <p className="text-sm text-slate-700">You can pay once your application is approved.</p>
            )}
          </>
        ) : (
          <>
            <p className="max-w-md text-slate-700">
              Your plan does not include customer messaging. Switch to Advertise + Messaging or Deals + Messaging to talk with your
              customers.
            </p>
            <Button onClick={onSwitchPlans}>See plans</Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
