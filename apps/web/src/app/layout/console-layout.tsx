import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  BarChart3,
  Banknote,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  LogOut,
  Lock,
  Menu,
  MessageSquare,
  Percent,
  Repeat,
  RotateCcw,
  ScanLine,
  Settings,
  Star,
  Store,
  Tag,
  UserCheck,
  Users,
  ReceiptText,
  Ticket,
  TicketCheck,
  type LucideIcon,
  Cog,
  Gavel,
  ScrollText,
} from 'lucide-react';
import { ADMIN_ROLE_LABELS, type SessionUser } from '@localperks/shared';
import { Dialog, DialogClose, SheetContent } from '../../components/ui/dialog';
import { RequireAdmin } from '../../features/accounts/admin-auth/require-admin';
import { RequireRole } from '../../features/accounts/auth/guards';
import { NotificationBell } from '../../features/platform/admin-notifications/notification-bell';
import { adminOverviewQuery } from '../../features/merchant/admin-overview/api';
import { merchantMeQuery } from '../../features/merchant/merchants/api';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useLogoutAction } from '../../lib/use-logout-action';
import { AvatarButton } from './header-parts';
import { ConsoleSearch } from './console-search';
import { RouteAnnouncer } from './route-announcer';
import { ShellToasts, scrollKey, skipToMain } from './root-layout';
import {
  ADMIN_SECTIONS,
  MERCHANT_SECTIONS,
  adminMayOpen,
  merchantMayOpen,
  type AdminSectionId,
  type MerchantSectionId,
} from './console-sections';

const AccountMenu = lazy(() => import('./account-menu'));

/*
 * The back office's own layout for /admin/* and /merchant/* (issue 32, docs/decisions/0068-console.md): a side
 * navigation of the sections the signed-in role has (a drawer under 768 px), the platform's or the business's name,
 * the user's menu, and no shopper header or footer. Each section is its own address (console-sections.ts).
 */

const ADMIN_ICONS: Record<AdminSectionId, LucideIcon> = {
  overview: LayoutDashboard,
  approval: UserCheck,
  businesses: Store,
  customers: Users,
  deals: Tag,
  orders: ReceiptText,
  vouchers: Ticket,
  payouts: Banknote,
  refunds: RotateCcw,
  disputes: Gavel,
  'promo-codes': Percent,
  support: LifeBuoy,
  reviews: Star,
  jobs: Cog,
  audit: ScrollText,
  settings: Settings,
};

const MERCHANT_ICONS: Record<MerchantSectionId, LucideIcon> = {
  analytics: BarChart3,
  messages: MessageSquare,
  plans: Repeat,
  deals: Tag,
  reviews: Star,
  vouchers: Ticket,
  redemptions: TicketCheck,
  refunds: RotateCcw,
  billing: CreditCard,
  payouts: Banknote,
  business: Store,
  staff: Users,
  redeem: ScanLine,
  'pre-launch': ListChecks,
};

interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
  /** A count on a badge, said in words to screen readers ("3 pending"). */
  count?: { n: number; what: string };
  /** Only its own address (the home), not the addresses below it. */
  end?: boolean;
  /** A section the business's plan does not include yet (a lock instead of its icon). */
  isLocked?: boolean;
}

function CountBadge({ n, what }: { n: number; what: string }) {
  if (n <= 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
      {n}
      <span className="sr-only"> {what}</span>
    </span>
  );
}

function SideNav({ items, label, onNavigate }: { items: NavItem[]; label: string; onNavigate?: () => void }) {
  const link = (item: NavItem) => (
    <NavLink
      to={item.path}
      end={item.end}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium',
          isActive ? 'bg-brand-50 text-brand-900 underline underline-offset-4' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      {item.isLocked ? <Lock aria-label="Locked" className="h-4 w-4 shrink-0" /> : <item.icon aria-hidden className="h-4 w-4 shrink-0" />}
      <span>{item.label}</span>
      {item.count && <CountBadge {...item.count} />}
    </NavLink>
  );
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.path}>{onNavigate ? <DialogClose asChild>{link(item)}</DialogClose> : link(item)}</li>
        ))}
      </ul>
    </nav>
  );
}

/** The console's name: the platform's for admins, the business's for merchants. Its link is the console's home. */
function Brand({ home, name, detail, isTight }: { home: string; name: string; detail: string; isTight?: boolean }) {
  return (
    <Link to={home} className="flex min-h-11 min-w-0 items-center gap-2">
      <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Tag aria-hidden className="h-4 w-4" />
      </span>
      {/* A top bar with the search too has room for the logo alone on a phone (the name stays its accessible name). */}
      <span className={cn('min-w-0', isTight && 'max-sm:sr-only')}>
        <span className="block truncate text-base font-bold leading-tight text-brand-800">{name}</span>
        <span className="block truncate text-xs leading-tight text-slate-600">{detail}</span>
      </span>
    </Link>
  );
}

/** The console's top bar is this high (py-2 around 44 px controls and a 1 px border): the side navigation sits under it. */
const BAR = 'top-[61px] h-[calc(100vh-61px)]';

function ConsoleFrame({
  brand,
  items,
  navLabel,
  user,
  tools,
}: {
  brand: ReactNode;
  items: NavItem[];
  navLabel: string;
  user: SessionUser;
  tools?: ReactNode;
}) {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const { logOut, isPending } = useLogoutAction();
  const back = (
    <Link
      to={paths.home}
      className="mt-4 flex min-h-11 items-center gap-2 rounded-md px-3 text-sm text-slate-700 underline underline-offset-2 hover:bg-slate-100"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" /> Back to LocalPerks
    </Link>
  );
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {/*
        Fixed, not sticky, with the content padded below it: the page scrolls beneath a bar that is out of
        its flow, so a field scrolled to the top (say, by ticking "Launch as PerkBoost") is never counted as
        a control the bar half-covers (axe places fixed bars apart from the scrolling content; sticky ones
        it treats as part of it). html's scroll-padding-top still stops what is scrolled to below the bar.
      */}
      <header className="fixed inset-x-0 top-0 z-40 flex h-[61px] items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:px-4">
        <Dialog open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
          <button
            type="button"
            onClick={() => setIsDrawerOpen(true)}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Open menu"
          >
            <Menu aria-hidden className="h-6 w-6" />
          </button>
          <SheetContent title="Menu" className="overflow-y-auto pt-16">
            <SideNav items={items} label={navLabel} onNavigate={() => setIsDrawerOpen(false)} />
            {back}
          </SheetContent>
        </Dialog>
        {brand}
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {tools}
          {/* The spec's Logout in the dashboards' header (docs/product/merchant-admin-spec.md §2), on every section. */}
          <button
            type="button"
            onClick={logOut}
            disabled={isPending}
            className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-70"
          >
            <LogOut aria-hidden className="h-4 w-4" />
            <span className="max-sm:sr-only">{isPending ? 'Logging out...' : 'Logout'}</span>
          </button>
          <Suspense fallback={<AvatarButton name={user.name} />}>
            <AccountMenu user={user} firstItem={{ to: paths.profile, label: 'Profile and security' }} onLogout={logOut} />
          </Suspense>
        </div>
      </header>
      <div className="flex-1 pt-[61px] md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
        {/*
          The column wears the navigation's background and border down the whole page (the grid stretches it to the
          content's height); the navigation inside it stays in view under the bar as the page scrolls.
        */}
        <div data-console-sidebar className="hidden border-r border-slate-200 bg-white md:block">
          <aside className={cn('sticky overflow-y-auto p-3', BAR)}>
            <SideNav items={items} label={navLabel} />
            {back}
          </aside>
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 outline-none">
          <Outlet />
        </main>
      </div>
      <RouteAnnouncer />
      <ShellToasts />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

function AdminConsole() {
  const { user } = useSession();
  const role = user?.adminRole ?? null;
  // The Merchant Approval badge: the pending count comes with the overview figures (owners approve).
  const overview = useQuery({ ...adminOverviewQuery, enabled: adminMayOpen('approval', role) });
  const pending = overview.data?.pendingApprovals ?? 0;
  if (!user) return null;
  const items: NavItem[] = ADMIN_SECTIONS.filter((s) => adminMayOpen(s.id, role)).map((s) => ({
    path: s.path,
    label: s.label,
    icon: ADMIN_ICONS[s.id],
    end: s.path === paths.adminDashboard,
    count: s.id === 'approval' ? { n: pending, what: 'pending' } : undefined,
  }));
  return (
    <ConsoleFrame
      brand={<Brand home={paths.adminDashboard} name="LocalPerks" detail={role ? `Admin · ${ADMIN_ROLE_LABELS[role]}` : 'Admin'} isTight />}
      items={items}
      navLabel="Admin sections"
      user={user}
      tools={
        <>
          <ConsoleSearch />
          <NotificationBell />
        </>
      }
    />
  );
}

function MerchantConsole() {
  const { user } = useSession();
  const role = user?.merchantRole ?? null;
  // The business's name and the counts waiting on its badges (a redeemer has neither: the redeem screen only).
  const me = useQuery({ ...merchantMeQuery, enabled: role === 'owner' || role === 'manager' });
  if (!user) return null;
  const m = me.data?.merchant;
  const isApproved = Boolean(m?.approved) || me.data?.registration?.status === 'approved';
  // Before approval the dashboard is the registration's status: its home and the launch checklist only.
  const shown = MERCHANT_SECTIONS.filter(
    (s) => merchantMayOpen(s.id, role) && (role === 'redeemer' || !me.data || isApproved || s.id === 'analytics' || s.id === 'pre-launch'),
  );
  const counts: Partial<Record<MerchantSectionId, NavItem['count']>> = {
    messages: { n: m?.waiting.customerMessages ?? 0, what: 'waiting for an answer' },
    refunds: { n: m?.waiting.refundRequests ?? 0, what: 'waiting for you' },
  };
  const items: NavItem[] = shown.map((s) => ({
    path: s.path,
    label: s.label,
    icon: MERCHANT_ICONS[s.id],
    end: s.path === paths.merchantDashboard,
    count: counts[s.id],
    isLocked: s.id === 'messages' && Boolean(m && !m.messagingAccess),
  }));
  const name = m?.businessName ?? me.data?.registration?.businessName ?? 'LocalPerks';
  const home = role === 'redeemer' ? paths.merchantRedeem : paths.merchantDashboard;
  return (
    <ConsoleFrame
      brand={<Brand home={home} name={name} detail="LocalPerks for business" />}
      items={items}
      navLabel="Dashboard sections"
      user={user}
    />
  );
}

/** /admin/*: admins who passed the access-code step (docs/product/merchant-admin-spec.md §2). */
export function AdminConsoleLayout() {
  return (
    <RequireAdmin>
      <AdminConsole />
    </RequireAdmin>
  );
}

/** /merchant/* (but registration, sign-in, the staff invitation and the info pages). */
export function MerchantConsoleLayout() {
  return (
    <RequireRole roles={['merchant']}>
      <MerchantConsole />
    </RequireRole>
  );
}
