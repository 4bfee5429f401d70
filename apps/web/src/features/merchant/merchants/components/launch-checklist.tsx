import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, MinusCircle } from 'lucide-react';
import { formatCents, planById, type LaunchStep } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Card, CardContent } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { launchChecklistQuery } from '../api';

const STEPS: Record<LaunchStep, { title: string; todo: string; link: string; action: string }> = {
  emailVerified: {
    title: 'Verify your e-mail',
    todo: 'Confirm the address we sent your verification link to.',
    link: paths.verifyEmail,
    action: 'Verify e-mail',
  },
  profileComplete: {
    title: 'Complete your business profile',
    todo: 'Name, description, phone, city and state.',
    link: `${paths.merchantDashboardTab('business')}&edit=profile`,
    action: 'Edit profile',
  },
  approved: {
    title: 'Get approved',
    todo: 'Our team reviews every business. Answer their messages to speed it up.',
    link: paths.merchantDashboard,
    action: 'See status and messages',
  },
  planPaid: {
    title: 'Pay for your plan',
    todo: `Advertise + Messaging is ${formatCents(planById('advertise_messaging').priceCentsPerMonth)}/month; messaging unlocks once it is paid.`,
    link: `${paths.merchantDashboard}?tab=plans`,
    action: 'Go to Switch Plans',
  },
  firstDealLive: {
    title: 'Publish your first deal',
    todo: 'Create a deal customers can buy (or a PerkBoost crowd-vote deal).',
    link: `${paths.merchantDashboard}?tab=deals`,
    action: 'Go to My Deals',
  },
  firstSale: {
    title: 'Make your first sale',
    todo: 'Share your deal; sales show in Revenue & Analytics.',
    link: `${paths.merchantDashboard}?tab=analytics`,
    action: 'See Revenue & Analytics',
  },
};

/** The Launch Checklist (/merchant/pre-launch): each step computed by the server from real rows. */
export function LaunchChecklistView() {
  const list = useQuery(launchChecklistQuery);
  if (list.isLoading) return <Spinner label="Loading your checklist..." />;
  if (list.isError || !list.data)
    return (
      <Alert variant="destructive" title="Failed to load merchant data">
        {list.error?.message}
      </Alert>
    );
  const { steps, done, total } = list.data;
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        <span className="font-semibold text-slate-900">
          {done} of {total}
        </span>{' '}
        steps done.
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Launch progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="h-full bg-brand-700" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
      </div>
      <ol className="space-y-3">
        {steps.map((s, i) => {
          const info = STEPS[s.key];
          const Icon = s.status === 'done' ? CheckCircle2 : s.status === 'not_needed' ? MinusCircle : Circle;
          return (
            <li key={s.key}>
              <Card>
                <CardContent className="flex flex-wrap items-start gap-3 p-4">
                  <Icon
                    aria-hidden
                    className={s.status === 'done' ? 'mt-0.5 h-6 w-6 shrink-0 text-emerald-700' : 'mt-0.5 h-6 w-6 shrink-0 text-slate-500'}
                  />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold text-slate-900">
                      {i + 1}. {info.title}
                    </h2>
                    <p className="text-sm text-slate-700">
                      {s.status === 'done' ? 'Done' : s.status === 'not_needed' ? 'Not needed on your plan' : info.todo}
                    </p>
                  </div>
                  {s.status === 'todo' && (
                    <Link
                      to={info.link}
                      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2"
                    >
                      {info.action}
                    </Link>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
