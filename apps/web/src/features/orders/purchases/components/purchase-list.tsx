import { useState, type ReactNode } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlarmClock, CheckCircle2, Lightbulb, Ticket } from 'lucide-react';
import { CHECKOUT_MESSAGES, PURCHASE_TABS, type Purchase, type PurchasesPage, type PurchaseTab } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClass } from '../../../../components/ui/button';
import { LoadMore } from '../../../../components/ui/pager';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { paths } from '../../../../config/paths';
import { useMessageEvents } from '../../../../lib/use-message-events';
import { useNow } from '../../../../lib/use-now';
import { purchasesKey, usePurchases } from '../api';
import { PurchaseCard } from './purchase-card';
import { RefundNotices } from './refund-notices';
import { VoucherDialog } from './voucher-dialog';
import { formatDate } from '../utils/format';

const TAB_LABELS: Record<PurchaseTab, string> = { active: 'Active', redeemed: 'Redeemed', all: 'All Purchases' };

const EMPTY: Record<PurchaseTab, { title: string; text: string; icon: typeof Ticket }> = {
  active: {
    title: 'No active purchases',
    text: 'Deals you buy show up here with a redemption code and QR code to show at the counter.',
    icon: Ticket,
  },
  redeemed: {
    title: 'No redeemed purchases yet',
    text: 'Vouchers you have used at a business are listed here with the date they were redeemed.',
    icon: CheckCircle2,
  },
  all: { title: 'No purchases yet', text: 'When you buy a deal, it shows up here with its redemption code and QR code.', icon: Ticket },
};

function ListSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading purchases...</span>
      {[0, 1].map((i) => (
        <div key={i} aria-hidden className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="h-16 w-16 shrink-0 animate-pulse rounded-lg bg-slate-200 sm:h-24 sm:w-24" />
          <div className="flex-1 space-y-3">
            <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyState({ tab, headingLevel }: { tab: PurchaseTab; headingLevel: 2 | 3 }) {
  const { title, text, icon: Icon } = EMPTY[tab];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon aria-hidden className="mx-auto h-10 w-10 text-brand-700" />
      <Heading className="mt-3 text-xl font-semibold text-slate-900">{title}</Heading>
      <p className="mx-auto mt-1 max-w-md text-slate-700">{text}</p>
      <Link to={paths.deals} className={buttonClass('primary', 'md', 'mt-6')}>
        Browse Deals
      </Link>
    </div>
  );
}

function TabPanel({
  tab,
  query,
  headingLevel,
  onShowVoucher,
  purchaseActions,
}: {
  tab: PurchaseTab;
  query: ReturnType<typeof usePurchases>;
  headingLevel: 2 | 3;
  onShowVoucher: (p: Purchase) => void;
  purchaseActions?: (p: Purchase) => ReactNode;
}) {
  const now = useNow(60_000);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <div className="max-w-xl">
        <Alert variant="destructive" title="Your purchases could not be loaded">
          {query.error.message}
        </Alert>
        <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const purchases = query.data.pages.flatMap((page) => page.purchases);
  if (purchases.length === 0) return <EmptyState tab={tab} headingLevel={headingLevel} />;
  // The day before a voucher's "valid until", a banner above the list (docs/decisions/0065-notifications.md).
  const lastDay = purchases.filter((p) => p.expiresWithinADay);
  return (
    <>
      {lastDay.length > 0 && (
        <div role="status" className="mb-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <AlarmClock aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">
              {lastDay.length === 1 ? 'A voucher expires within a day' : `${lastDay.length} vouchers expire within a day`}
            </p>
            <ul className="mt-1 text-sm">
              {lastDay.map((p) => (
                <li key={p.id}>
                  {p.dealTitle} at {p.merchantName}: valid until {formatDate(p.expirationDate)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <ul aria-label={`${TAB_LABELS[tab]} purchases`} className="space-y-4">
        {purchases.map((p) => (
          <li key={p.id}>
            <PurchaseCard purchase={p} now={now} headingLevel={headingLevel} onShowVoucher={onShowVoucher} actions={purchaseActions?.(p)} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-6 text-center">
          <LoadMore query={query} />
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-red-700">
          More purchases could not be loaded. {query.error?.message}
        </p>
      )}
    </>
  );
}

/**
 * My Purchases' list (docs/product/customer-spec.md §2): tabs Active, Redeemed and All Purchases with their counts,
 * pages loaded on demand, and the full-screen voucher. Used by /purchases and the account page.
 * `headingLevel` is the level of each purchase's title under the page's own headings;
 * `purchaseActions` adds buttons under a purchase's details (app/ passes "Message the merchant").
 */
/**
 * Live vouchers: when a merchant redeems one, the server says so on the signed-in user's event stream
 * (LISTEN/NOTIFY, as messages and votes do) and the list, its counts and tabs are read again. They are
 * read again too each time the stream (re)connects: a redemption between the first read and the
 * stream's start, or while it was reconnecting, would otherwise stay unseen.
 */
function usePurchaseEvents() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: purchasesKey });
  useMessageEvents(
    (e) => {
      if (e.type === 'purchase') refresh();
    },
    true,
    refresh,
  );
}

export function PurchaseList({
  headingLevel = 2,
  purchaseActions,
}: {
  headingLevel?: 2 | 3;
  purchaseActions?: (p: Purchase) => ReactNode;
}) {
  const [tab, setTab] = useState<PurchaseTab>('active');
  const [voucher, setVoucher] = useState<Purchase | null>(null);
  const query = usePurchases(tab);
  const qc = useQueryClient();
  usePurchaseEvents();
  // Counts come with every page; while another tab loads, a cached tab's counts stay on the tabs.
  const counts =
    query.data?.pages[0]?.counts ??
    qc
      .getQueriesData<InfiniteData<PurchasesPage>>({ queryKey: purchasesKey })
      .map(([, data]) => data?.pages[0]?.counts)
      .find((c) => c !== undefined) ??
    null;
  // Refunded lines come with the first page of every tab; they stay on screen while another tab loads.
  const refunds =
    query.data?.pages[0]?.refunds ??
    qc
      .getQueriesData<InfiniteData<PurchasesPage>>({ queryKey: purchasesKey })
      .map(([, data]) => data?.pages[0]?.refunds)
      .find((r) => r !== undefined) ??
    [];

  return (
    <div>
      <RefundNotices refunds={refunds} />
      <p className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <Lightbulb aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>{CHECKOUT_MESSAGES.redeemTip}</span>
      </p>
      <Tabs value={tab} onValueChange={(v) => setTab(v as PurchaseTab)}>
        <TabsList aria-label="Purchases by status">
          {PURCHASE_TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="px-1.5 leading-tight sm:px-3">
              {TAB_LABELS[t]}
              {counts && (
                <>
                  {' '}
                  <span className="whitespace-nowrap">({counts[t]})</span>
                </>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        {PURCHASE_TABS.map((t) => (
          <TabsContent key={t} value={t}>
            {t === tab && (
              <TabPanel tab={t} query={query} headingLevel={headingLevel} onShowVoucher={setVoucher} purchaseActions={purchaseActions} />
            )}
          </TabsContent>
        ))}
      </Tabs>
      <VoucherDialog purchase={voucher} onClose={() => setVoucher(null)} />
    </div>
  );
}
