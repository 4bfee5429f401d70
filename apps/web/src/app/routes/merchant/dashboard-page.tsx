import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADDRESS_MESSAGES as A,
  MERCHANT_DASHBOARD_MESSAGES as D,
  MERCHANT_MESSAGES as M,
  planIncludes,
  type MerchantOverview,
  type MerchantPayoutRow,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { SecondFactorReminder } from '../../../features/merchant/merchants/components/second-factor-reminder';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
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
import { DealStatusBadge } from '../../../features/merchant/merchant-deals/components/deal-status-badge';
import { periodText } from '../../../features/money/merchant-money/components/money-format';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/format';
import { useMerchantRole } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { MERCHANT_SECTIONS, merchantMayOpen, merchantSection, sectionFromTab, type MerchantSectionId } from '../../layout/console-sections';

// The tab contents are their own chunks, loaded when their tab opens.
const AnalyticsTab = lazy(() => import('../../../features/merchant/merchant-analytics/components/analytics-tab'));
const MerchantInboxTab = lazy(() => import('../../../features/support/customer-messages/components/merchant-inbox-tab'));
const dealsTab = () => import('../../../features/merchant/merchant-deals/components/deals-tab');
const DealsTab = lazy(dealsTab);
const DealActions = lazy(() => dealsTab().then((m) => ({ default: m.DealActions })));
const DealNotes = lazy(() => dealsTab().then((m) => ({ default: m.DealNotes })));
const BillingTab = lazy(() => import('../../../features/money/merchant-money/components/billing-tab'));
const PayoutsTab = lazy(() => import('../../../features/money/merchant-money/components/payouts-tab'));
const refundsTab = () => import('../../../features/money/refunds/components/merchant-refunds-tab');
const RefundsTab = lazy(refundsTab);
const RequestNotes = lazy(() => refundsTab().then((m) => ({ default: m.RequestNotes })));
const RequestActions = lazy(() => refundsTab().then((m) => ({ default: m.RequestActions })));
const tables = () => import('../../../features/platform/console-tables/merchant-tables');
const DealsTable = lazy(() => tables().then((m) => ({ default: m.MerchantDealsTable })));
const VouchersTable = lazy(() => tables().then((m) => ({ default: m.MerchantVouchersTable })));
const RedemptionsTable = lazy(() => tables().then((m) => ({ default: m.MerchantRedemptionsTable })));
const RefundsTable = lazy(() => tables().then((m) => ({ default: m.MerchantRefundsTable })));
const RefundRequestsTable = lazy(() => tables().then((m) => ({ default: m.MerchantRefundRequestsTable })));
const PayoutsTable = lazy(() => tables().then((m) => ({ default: m.MerchantPayoutsTable })));
const MessagesTable = lazy(() => tables().then((m) => ({ default: m.MerchantMessagesTable })));

/** A section's part under its own heading: the table of all its records under the section's work. */
function TablePart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 pt-4">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </section>
  );
}
const PromoCodesTab = lazy(() => import('../../../features/orders/promo-codes/promo-codes-tab'));

const StaffTab = lazy(() => import('../../../features/merchant/merchant-staff/components/staff-tab'));
const ReviewsTab = lazy(() => import('../../../features/engagement/reviews/components/merchant-reviews-tab'));

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

/** The business's notices above every section: a suspension, the pending approval, the missing address. */
function Notices({ id, overview }: { id: MerchantSectionId; overview: Overview }) {
  const m = overview.merchant;
  return (
    <>
      {m.suspension && <Suspended reason={m.suspension.reason} at={m.suspension.at} />}
      {!m.approved && (
        <p>
          <span className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Pending Approval</span>
          <span className="ml-2 text-sm text-slate-700">Deal creation is available once an admin approves your business.</span>
        </p>
      )}
      {/* A business registered before addresses is asked for one (docs/decisions/0049-location.md). */}
      {!m.place && id !== 'business' && (
        <Alert title={A.missingTitle}>
          <p>{A.missingText}</p>
          <Link to={merchantSection('business').path} className={buttonClass('secondary', 'sm', 'mt-2')}>
            Add your address
          </Link>
        </Alert>
      )}
    </>
  );
}

/** One section's content, for an approved business (or one whose registration was approved). */
function SectionContent({ id, overview }: { id: MerchantSectionId; overview: Overview }) {
  const m = overview.merchant;
  const isOwner = useMerchantRole() === 'owner';
  const navigate = useNavigate();
  const tabSpinner = <Spinner />;
  const plans = merchantSection('plans').path;
  const qc = useQueryClient();
  // An answered or accepted request: its table, and the refunds table (an accepted one is a refund), read again.
  const refreshRefunds = () => {
    void qc.invalidateQueries({ queryKey: ['/api/merchant/tables/refund-requests'] });
    void qc.invalidateQueries({ queryKey: ['/api/merchant/tables/refunds'] });
  };
  switch (id) {
    case 'business':
      return (
        <div className="space-y-6">
          <div className="grid gap-4 md:grid-cols-2">
            <AccountStatusCard overview={overview} />
            <PlatformFeaturesCard overview={overview} />
          </div>
          <ProfileCard overview={overview} />
          <AddressCard merchant={m} />
          {/* Listing boosts come with Advertise + Messaging; deals are boosted from My Deals. */}
          {m.subscriptionPlan === 'advertise_messaging' && isOwner && <ListingBoostCard />}
          <BusinessPageCard onSwitchPlans={() => void navigate(plans)} />
        </div>
      );
    case 'analytics':
      return m.paidFeatures ? (
        <Suspense fallback={tabSpinner}>
          <AnalyticsTab />
        </Suspense>
      ) : m.paymentRequired ? (
        <PaymentPending merchant={m} what="Revenue & Analytics" />
      ) : (
        <PlanUpgrade capability="analytics" plan={m.subscriptionPlan} />
      );
    case 'messages':
      return m.messagingAccess ? (
        <div className="space-y-4">
          {m.messagingActiveUntil && <MessagingEnds until={m.messagingActiveUntil} />}
          <Suspense fallback={tabSpinner}>
            <MerchantInboxTab
              tableKey={['/api/merchant/tables/messages']}
              table={(open, empty) => <MessagesTable onOpen={open} empty={empty} />}
            />
          </Suspense>
        </div>
      ) : (
        <MessagesLocked merchant={m} onSwitchPlans={() => void navigate(plans)} />
      );
    case 'plans':
      return <PlansTab merchant={m} />;
    case 'deals':
      return (
        <div className="space-y-4">
          {!planIncludes(m.subscriptionPlan, 'deals') && <PlanUpgrade capability="deals" plan={m.subscriptionPlan} />}
          <Suspense fallback={tabSpinner}>
            <DealsTab
              list={(canEdit) => (
                <DealsTable
                  canCreate={canEdit}
                  badge={(d) => <DealStatusBadge deal={d} />}
                  notes={(d) => <DealNotes deal={d} />}
                  actions={(d) => <DealActions deal={d} canEdit={canEdit} />}
                />
              )}
            />
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
      );
    case 'billing':
      return (
        <Suspense fallback={tabSpinner}>
          <BillingTab />
        </Suspense>
      );
    case 'payouts':
      return (
        <Suspense fallback={tabSpinner}>
          <PayoutsTab list={<PayoutsTable actions={(p) => <StatementLink payout={p} />} />} />
        </Suspense>
      );
    case 'vouchers':
      return (
        <Suspense fallback={tabSpinner}>
          <VouchersTable />
        </Suspense>
      );
    case 'redemptions':
      return (
        <Suspense fallback={tabSpinner}>
          <RedemptionsTable />
        </Suspense>
      );
    case 'reviews':
      return (
        <Suspense fallback={tabSpinner}>
          <ReviewsTab />
        </Suspense>
      );
    case 'staff':
      return (
        <Suspense fallback={tabSpinner}>
          <StaffTab />
        </Suspense>
      );
    case 'refunds':
      return (
        <>
          <Suspense fallback={tabSpinner}>
            <RefundsTab
              list={
                <RefundRequestsTable
                  notes={(r) => <RequestNotes r={r} />}
                  actions={(r) => <RequestActions r={r} onDone={refreshRefunds} />}
                />
              }
            />
          </Suspense>
          {/* The money given back (a request accepted, an admin's refund, a withdrawn line): records of their own. */}
          <TablePart title="Refunds table">
            <RefundsTable />
          </TablePart>
        </>
      );
    default:
      return null;
  }
}

/** A section asked for by its address that the merchant's role does not include. */
function NotForYourRole({ id }: { id: MerchantSectionId }) {
  const { label } = merchantSection(id);
  return (
    <Alert variant="destructive" title={`${label} is not available to you`}>
      <p>{label} is the business owner&apos;s. Ask the owner of your business if you need it.</p>
      <Link to={paths.merchantDashboard} className={buttonClass('secondary', 'sm', 'mt-3')}>
        Back to your dashboard
      </Link>
    </Alert>
  );
}

function MerchantSection({ id }: { id: MerchantSectionId }) {
  usePaymentReturn();
  const me = useQuery(merchantMeQuery);
  const overview = me.data;
  useEffect(() => {
    if (me.isError) toast.error(D.loadFailed, { description: me.error.message });
  }, [me.isError, me.error]);
  if (me.isLoading) return <Spinner label="Loading your dashboard..." />;
  if (me.isError || !overview)
    return (
      <Alert variant="destructive" title={D.loadFailed}>
        Please reload the page or try again later.
      </Alert>
    );
  if (!overview.merchant && !overview.registration) return <Alert title={M.noProfile} />;
  if (overview.registration && !overview.merchant?.approved && overview.registration.status !== 'approved')
    return <PendingScreen overview={overview} />;
  if (!overview.merchant) return <Alert title={M.noProfile} />;
  return (
    // Each part may shrink below its content's width (min-w-0): a wide table scrolls in its own region on a phone
    // instead of widening the page.
    <div className="flex flex-col gap-6 [&>*]:min-w-0">
      <Notices id={id} overview={overview as Overview} />
      {/* Under the figures on a phone, above them from sm up. */}
      {id === 'analytics' && <SecondFactorReminder className="order-last sm:order-first" />}
      <SectionContent id={id} overview={overview as Overview} />
    </div>
  );
}

/**
 * A section of the merchant's console at its own address (`/merchant/payouts`…). `/merchant/dashboard` is the home:
 * the spec's header (title, Business badge, business name, Logout) over Revenue & Analytics; its older `?tab=`
 * addresses (and `?edit=profile`) go to the section's own.
 */
export function MerchantSectionPage({ id }: { id: MerchantSectionId }) {
  const role = useMerchantRole();
  const { search } = useLocation();
  const me = useQuery({ ...merchantMeQuery, enabled: role !== 'redeemer' });
  if (role === 'redeemer') return <Navigate to={paths.merchantRedeem} replace />;
  if (id === 'analytics') {
    const moved =
      sectionFromTab(MERCHANT_SECTIONS, search) ??
      (new URLSearchParams(search).get('edit') === 'profile' ? `${merchantSection('business').path}?edit=profile` : null);
    if (moved) return <Navigate to={moved} replace />;
  }
  const { label } = merchantSection(id);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
      {id === 'analytics' ? (
        <DashboardHeader businessName={me.data?.merchant?.businessName ?? me.data?.registration?.businessName} />
      ) : (
        <>
          <title>{`${label} | Merchant Dashboard | LocalPerks`}</title>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{label}</h1>
        </>
      )}
      {merchantMayOpen(id, role) ? <MerchantSection id={id} /> : <NotForYourRole id={id} />}
    </div>
  );
}

export default function MerchantDashboardPage() {
  return <MerchantSectionPage id="analytics" />;
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

/** A payout's statement (its ledger lines, and their CSV), from its row. */
function StatementLink({ payout: p }: { payout: MerchantPayoutRow }) {
  return (
    <Link
      to={paths.merchantPayoutStatement(p.id)}
      className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2"
    >
      Statement<span className="sr-only"> for {periodText(p.periodStart, p.periodEnd)}</span>
    </Link>
  );
}
