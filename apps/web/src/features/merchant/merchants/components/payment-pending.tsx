import { CreditCard } from 'lucide-react';
import { MERCHANT_DASHBOARD_MESSAGES as D, formatCents, planById, type MerchantOverview } from '@localperks/shared';
import { Card, CardContent } from '../../../../components/ui/card';
import { PayForMessagingButton } from './pay-for-messaging';

type Merchant = NonNullable<MerchantOverview['merchant']>;

/**
 * A paid feature of Advertise + Messaging chosen but not paid yet: every paid feature (enhanced
 * profile, messaging, analytics) starts when the provider confirms the payment (hasPaidFeatures).
 */
export function PaymentPending({ merchant, what }: { merchant: Merchant; what: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <CreditCard aria-hidden className="h-10 w-10 text-slate-600" />
        <h2 className="text-xl font-semibold text-slate-900">{what} starts with your payment</h2>
        <p className="max-w-md text-slate-700">
          {D.paymentNeeded} Your enhanced business page and analytics start at the same moment. The Advertise + Messaging plan is{' '}
          {formatCents(planById('advertise_messaging').priceCentsPerMonth)} per month, billed monthly until canceled.
        </p>
        {merchant.approved ? (
          <PayForMessagingButton />
        ) : (
          <p className="text-sm text-slate-700">You can pay once your application is approved.</p>
        )}
      </CardContent>
    </Card>
  );
}
