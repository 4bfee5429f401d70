import { AlertTriangle, CheckCircle2, Clock, HelpCircle, XCircle, type LucideIcon } from 'lucide-react';
import type { MerchantOverview } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';
import { registrationStatusView, type RegistrationStatusKind } from '../registration-status-view';

type Registration = NonNullable<MerchantOverview['registration']>;

const LOOK: Record<RegistrationStatusKind, { Icon: LucideIcon; tone: string }> = {
  response: { Icon: AlertTriangle, tone: 'border-orange-300 bg-orange-50 text-orange-900' },
  review: { Icon: Clock, tone: 'border-sky-300 bg-sky-50 text-sky-900' },
  approved: { Icon: CheckCircle2, tone: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  rejected: { Icon: XCircle, tone: 'border-red-300 bg-red-50 text-red-900' },
  unknown: { Icon: HelpCircle, tone: 'border-slate-300 bg-slate-50 text-slate-900' },
};

export function RegistrationStatus({ registration, onEditProfile }: { registration: Registration; onEditProfile?: () => void }) {
  const view = { ...registrationStatusView(registration), ...LOOK[registrationStatusView(registration).kind] };
  return (
    <Card className={cn('border-2', view.tone)}>
      <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start">
        <view.Icon aria-hidden className="h-8 w-8 shrink-0" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 className="text-xl font-bold">{view.title}</h2>
          <p className="whitespace-pre-wrap break-words">{view.text}</p>
          <p className="text-sm">
            Application for <span className="font-semibold">{registration.businessName}</span>, submitted{' '}
            {new Date(registration.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}.
          </p>
        </div>
        {onEditProfile && (
          <Button variant="secondary" onClick={onEditProfile} className="shrink-0">
            Edit Profile
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
