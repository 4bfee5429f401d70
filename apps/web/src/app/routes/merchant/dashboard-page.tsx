import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Banknote, CreditCard, Lock, MessageSquare, Repeat, RotateCcw, Star, Store, Tag, Users } from 'lucide-react';
import {
  ADDRESS_MESSAGES as A,
  MERCHANT_DASHBOARD_MESSAGES as D,
  MERCHANT_MESSAGES as M,
  planIncludes,
  type MerchantOverview,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { SecondFactorReminder } from '../../../features/merchant/merchants/components/second-factor-reminder';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { AdminThread } from '../../../features/merchant/merchants/components/admin-thread';
import { BusinessPageCard } from '../../../features/merchant/merchants/components/business-page-card';
import { DashboardHeader } from '../../../features/merchant/merchants/components/dashboard-header';
import { MessagesLocked } from '../../../features/merchant/merchants/components/messages-locked';
import { ListingBoostCard } from '../../../features/merchant/merchants/components/listing-boost-card';
import { MessagingEnds } from '../../../features/merchant/merchants/components/messaging-ends';
import { PaymentPending } from '../../../features/merchant/merchants/components/payment-pending';
import { PlanUpgrade } from '../../../features/merchant/merchants/components/plan-upgrade';
import { PlansTab } from '../../../features/merchant/merchants/components/plans-tab';
import { ProfileForm } from '../../../features/merchant/merchants/components/profile-form';
import { AddressCard } from '../../../features/merchant/merchants/components/address-card';
import { RegistrationStatus } from '../../../features/merchant/merchants/components/registration-status';
import { AccountStatusCard, PlatformFeaturesCard } from '../../../features/merchant/merchants/components/status-cards';
import { usePaymentReturn } from '../../../features/merchant/merchants/use-payment-return';
import { merchantMeQuery } from '../../../features/merchant/merchants/api';
import { useMerchantDeals } from '../../../features/merchant/merchant-deals/api';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/format';
import { useMerchantRole } from '../../../lib/session';
import { paths } from '../../../config/paths';

// The tab contents are their own chunks, loaded when their tab opens.
const AnalyticsTab = lazy(() => import('../../../features/merchant/merchant-analytics/components/analytics-tab'));
const MerchantInboxTab = lazy(() => import('../../../features/support/customer-messages/components/merchant-inbox-tab'));
const DealsTab = lazy(() => import('../../../features/merchant/merchant-deals/components/deals-tab'));
const BillingTab = lazy(() => import('../../../features/money/merchant-money/components/billing-tab'));
const PayoutsTab = lazy(() => import('../../../features/money/merchant-money/components/payouts-tab'));
const RefundsTab = lazy(() => import('../../../features/money/refunds/components/merchant-refunds-tab'));
const PromoCodesTab = lazy(() => import('../../../features/orders/promo-codes/promo-codes-tab'));

const StaffTab = lazy(() => import('../../../features/merchant/merchant-staff/components/staff-tab'));
const ReviewsTab = lazy(() => import('../../../features/engagement/reviews/components/merchant-reviews-tab'));

const TABS = ['analytics', 'messages', 'plans', 'deals', 'reviews', 'refunds', 'billing', 'payouts', 'business', 'staff'] as const;
type Tab = (typeof TABS)[number];
/** Billing, payouts, plans and staff are the owner's; a manager has the rest (docs/decisions/0062-roles-and-staff.md). */
const OWNER_TABS: readonly Tab[] = ['plans', 'billing', 'payouts', 'staff'];

type Overview = MerchantOverview & { merchant: NonNullable<MerchantOverview['merchant']> };

function PendingScreen({ overview }: { overview: MerchantOverview }) {
  const [params] = useSearchParams();
  const [isEditing, setIsEditing] = useState(params.get('edit') === 'profile');
  const registration = overview.registration!;
  const needsResponse = registration.status === 'pending' && registration.requiresMerchantResponse;
  useEffect(() => {
    if (needsResponse) toast('Response Required', { description: 'The LocalPerks team is waiting for your answer below.' });
  }, [needsResponse]);
  return (
    <div className="space-y-6">
      {isEditing && overview.merchant ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Edit Profile</CardTitle>
          </CardHeader>
          <CardContent>
            <ProfileForm merchant={overview.merchant} onDone={() => setIsEditing(false)} canPay={false} />
          </CardContent>
        </Card>
      ) : (
        <RegistrationStatus registration={registration} onEditProfile={overview.merchant ? () => setIsEditing(true) : undefined} />
      )}
      <AdminThread />
    </div>
  );
}

function ProfileCard({ overview }: { overview: Overview }) {
  const [params] = useSearchParams();
  const [isEditing, setIsEditing] = useState(params.get('edit') === 'profile');
  const m = overview.merchant;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">Business Profile</CardTitle>
        {!isEditing && (
          <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
            Edit Profile
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isEditing ? (
          <ProfileForm merchant={m} onDone={() => setIsEditing(false)} canPay={m.approved} />
        ) : (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-700">Business Name</dt>
              <dd className="break-words text-slate-900">{m.businessName}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">Location</dt>
              <dd className="text-slate-900">
                {m.city}, {m.state}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">Phone</dt>
              <dd className="text-slate-900">{m.phone}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">Website</dt>
              <dd className="break-all text-slate-900">
                {m.website ? (
                  <a href={m.website} target="_blank" rel="noreferrer" className="text-brand-800 underline underline-offset-2">
                    {m.website}
                  </a>
                ) : (
                  'None'
                )}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-700">Description</dt>
              <dd className="whitespace-pre-wrap break-words text-slate-900">{m.description}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function FullDashboard({ overview }: { overview: Overview }) {
  // The open tab lives in the address (?tab=plans), so a "Switch Plans" link opens it from anywhere.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const isOwner = useMerchantRole() === 'owner';
  const tabs = TABS.filter((t) => isOwner || !OWNER_TABS.includes(t));
  // `?edit=profile` (the Launch Checklist's link) opens the profile form, on the Business Page tab.
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : params.get('edit') === 'profile' ? 'business' : 'analytics';
  const panels = useRef<HTMLDivElement>(null);
  // A tab chosen by the merchant: its panel is brought into view (on a phone it may start below the fold).
  const [chosen, setChosen] = useState(0);
  useEffect(() => {
    if (!chosen) return;
    const panel = panels.current?.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]');
    if (panel && panel.getBoundingClientRect().top > window.innerHeight * 0.6) panel.scrollIntoView({ block: 'start' });
  }, [chosen]);
  const setTab = (next: Tab) => {
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('tab', next);
        return out;
      },
      { replace: true },
    );
    setChosen((n) => n + 1);
  };
  const m = overview.merchant;
  const tabSpinner = <Spinner />;
  const count = (n: number, what: string) =>
    n > 0 && (
      <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
        {n}
        <span className="sr-only"> {what}</span>
      </span>
    );
  return (
    <div className="flex flex-col gap-6">
      {m.suspension && <Suspended reason={m.suspension.reason} at={m.suspension.at} />}
      {!m.approved && (
        <p>
          <span className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Pending Approval</span>
          <span className="ml-2 text-sm text-slate-700">Deal creation is available once an admin approves your business.</span>
        </p>
      )}
      {/* Under the sections on a phone (the tab list stays right under the header), above them from sm up. */}
      <SecondFactorReminder className="order-last sm:order-first" />
      {/* A business registered before addresses is asked for one (docs/decisions/0049-location.md). */}
      {!m.place && tab !== 'business' && (
        <Alert title={A.missingTitle}>
          <p>{A.missingText}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => setTab('business')}>
            Add your address
          </Button>
        </Alert>
      )}
      {/* The sections first: on a phone the tab list is right under the header (issue 39). */}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} ref={panels}>
        <TabsList
          aria-label="Dashboard sections"
          className="h-auto grid-flow-row grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-flow-col lg:grid-cols-none"
        >
          <TabsTrigger value="analytics" className="inline-flex items-center justify-center gap-1.5">
            <BarChart3 aria-hidden className="h-4 w-4" /> Revenue &amp; Analytics
          </TabsTrigger>
          <TabsTrigger value="messages" className="inline-flex items-center justify-center gap-1.5">
            {m.messagingAccess ? <MessageSquare aria-hidden className="h-4 w-4" /> : <Lock aria-label="Locked" className="h-4 w-4" />}{' '}
            Customer Messages {count(m.waiting.customerMessages, 'waiting for an answer')}
          </TabsTrigger>
          {isOwner && (
            <TabsTrigger value="plans" className="inline-flex items-center justify-center gap-1.5">
              <Repeat aria-hidden className="h-4 w-4" /> Switch Plans
            </TabsTrigger>
          )}
          <TabsTrigger value="deals" className="inline-flex items-center justify-center gap-1.5">
            <Tag aria-hidden className="h-4 w-4" /> My Deals
          </TabsTrigger>
          <TabsTrigger value="reviews" className="inline-flex items-center justify-center gap-1.5">
            <Star aria-hidden className="h-4 w-4" /> Reviews
          </TabsTrigger>
          <TabsTrigger value="refunds" className="inline-flex items-center justify-center gap-1.5">
            <RotateCcw aria-hidden className="h-4 w-4" /> Refund requests {count(m.waiting.refundRequests, 'waiting for you')}
          </TabsTrigger>
          {isOwner && (
            <>
              <TabsTrigger value="billing" className="inline-flex items-center justify-center gap-1.5">
                <CreditCard aria-hidden className="h-4 w-4" /> Billing
              </TabsTrigger>
              <TabsTrigger value="payouts" className="inline-flex items-center justify-center gap-1.5">
                <Banknote aria-hidden className="h-4 w-4" /> Payouts
              </TabsTrigger>
            </>
          )}
          <TabsTrigger value="business" className="inline-flex items-center justify-center gap-1.5">
            <Store aria-hidden className="h-4 w-4" /> Business Page
          </TabsTrigger>
          {isOwner && (
            <TabsTrigger value="staff" className="inline-flex items-center justify-center gap-1.5">
              <Users aria-hidden className="h-4 w-4" /> Staff
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="business" className="space-y-6">
          <div className="grid gap-4 md:grid-cols-2">
            <AccountStatusCard overview={overview} />
            <PlatformFeaturesCard overview={overview} />
          </div>
          <ProfileCard overview={overview} />
          <AddressCard merchant={m} />
          {/* Listing boosts come with Advertise + Messaging; deals are boosted from My Deals. */}
          {m.subscriptionPlan === 'advertise_messaging' && isOwner && <ListingBoostCard />}
          <BusinessPageCard onSwitchPlans={() => setTab('plans')} />
        </TabsContent>
        <TabsContent value="analytics">
          {m.paidFeatures ? (
            <Suspense fallback={tabSpinner}>
              <AnalyticsTab />
            </Suspense>
          ) : m.paymentRequired ? (
            <PaymentPending merchant={m} what="Revenue & Analytics" />
          ) : (
            <PlanUpgrade capability="analytics" plan={m.subscriptionPlan} />
          )}
        </TabsContent>
        <TabsContent value="messages">
          {m.messagingAccess ? (
            <div className="space-y-4">
              {m.messagingActiveUntil && <MessagingEnds until={m.messagingActiveUntil} />}
              <Suspense fallback={tabSpinner}>
                <MerchantInboxTab />
              </Suspense>
            </div>
          ) : (
            <MessagesLocked merchant={m} onSwitchPlans={() => setTab('plans')} />
          )}
        </TabsContent>
        {isOwner && (
          <TabsContent value="plans">
            <PlansTab merchant={m} />
          </TabsContent>
        )}
        <TabsContent value="deals">
          <div className="space-y-4">
            {!planIncludes(m.subscriptionPlan, 'deals') && <PlanUpgrade capability="deals" plan={m.subscriptionPlan} />}
            <Suspense fallback={tabSpinner}>
              <DealsTab />
            </Suspense>
            {/* Promo codes for the merchant's own deals (docs/decisions/0048), under the deals they discount. */}
            {m.approved && planIncludes(m.subscriptionPlan, 'deals') && (
              <section aria-labelledby="promo-codes-heading" className="space-y-3 pt-4">
                <h2 id="promo-codes-heading" className="text-xl font-semibold text-slate-900">
                  Promo codes
                </h2>
                <Suspense fallback={tabSpinner}>
                  <MerchantPromoCodes />
                </Suspense>
              </section>
            )}
          </div>
        </TabsContent>
        {isOwner && (
          <>
            <TabsContent value="billing">
              <Suspense fallback={tabSpinner}>
                <BillingTab />
              </Suspense>
            </TabsContent>
            <TabsContent value="payouts">
              <Suspense fallback={tabSpinner}>
                <PayoutsTab />
              </Suspense>
            </TabsContent>
            <TabsContent value="staff">
              <Suspense fallback={tabSpinner}>
                <StaffTab />
              </Suspense>
            </TabsContent>
          </>
        )}
        <TabsContent value="reviews">
          <Suspense fallback={tabSpinner}>
            <ReviewsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="refunds">
          <Suspense fallback={tabSpinner}>
            <RefundsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function MerchantDashboard() {
  usePaymentReturn();
  const me = useQuery(merchantMeQuery);
  const overview = me.data;
  useEffect(() => {
    if (me.isError) toast.error(D.loadFailed, { description: me.error.message });
  }, [me.isError, me.error]);
  let body;
  if (me.isLoading) body = <Spinner label="Loading your dashboard..." />;
  else if (me.isError || !overview)
    body = (
      <Alert variant="destructive" title={D.loadFailed}>
        Please reload the page or try again later.
      </Alert>
    );
  else if (!overview.merchant && !overview.registration) body = <Alert title={M.noProfile} />;
  else if (overview.registration && !overview.merchant?.approved && overview.registration.status !== 'approved')
    body = <PendingScreen overview={overview} />;
  else if (!overview.merchant) body = <Alert title={M.noProfile} />;
  else body = <FullDashboard overview={overview as Overview} />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <DashboardHeader businessName={overview?.merchant?.businessName ?? overview?.registration?.businessName} />
      {body}
    </div>
  );
}

/** A business's redeemer has the redeem screen only (docs/decisions/0062-roles-and-staff.md). */
function ForRedeemers({ children }: { children: ReactNode }) {
  return useMerchantRole() === 'redeemer' ? <Navigate to={paths.merchantRedeem} replace /> : <>{children}</>;
}

export default function MerchantDashboardPage() {
  return (
    <RequireRole roles={['merchant']}>
      <ForRedeemers>
        <MerchantDashboard />
      </ForRedeemers>
    </RequireRole>
  );
}

/** Suspended by LocalPerks: why, what it means, and the thread to answer in (docs/decisions/0063-suspensions-and-bans.md). */
function Suspended({ reason, at }: { reason: string; at: string }) {
  return (
    <section aria-labelledby="suspended-heading" className="space-y-4">
      <Alert variant="destructive" title={<span id="suspended-heading">Your business is suspended</span>}>
        <p className="whitespace-pre-wrap break-words">
          LocalPerks suspended your business on {formatDate(at)}: {reason}
        </p>
        <p className="mt-2">
          Your business page and deals are hidden and cannot be bought, and your payouts are held. Vouchers customers already bought stay
          valid: keep redeeming them. Answer us below.
        </p>
      </Alert>
      <AdminThread description="Tell us what we should know about the suspension; we answer in this thread." />
    </section>
  );
}

/** The merchant's promo codes, which may be restricted to some of their deals on sale (the first page of them). */
function MerchantPromoCodes() {
  const onSale = useMerchantDeals('active', 1);
  return <PromoCodesTab scope="merchant" dealChoices={(onSale.data?.deals ?? []).map((d) => ({ id: d.id, title: d.title }))} />;
}
