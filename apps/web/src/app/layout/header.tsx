import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Compass, Heart, House, LayoutDashboard, ListChecks, LogIn, Menu, ScanLine, ShoppingCart, Ticket } from 'lucide-react';
import { plural } from '@localperks/shared';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useLogoutAction } from '../../lib/use-logout-action';
import { useCartCount } from '../../lib/cart-store';
import { useFavoritesCount } from '../../features/engagement/favorites/favorites-store';
import { cn } from '../../lib/cn';
import { lazyPart } from '../../lib/lazy-part';
import { useDeferredDialog } from '../../components/ui/deferred-dialog';
import { AvatarButton, Logo, SearchBox } from './header-parts';

// The side menu (a Radix dialog) loads when its button is hovered, focused or pressed.
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazyPart(loadSideMenu);

// The account menu (Radix menu and its positioning engine) loads only for signed-in users.
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(loadAccountMenu);

/** An icon link with its count on a badge; its name says the count in words ("Cart, 2 items") that hold the badge's number (WCAG 2.5.3). */
function CountIcon({ to, label, unit, count, icon: Icon }: { to: string; label: string; unit: string; count: number; icon: typeof Heart }) {
  return (
    <Link
      to={to}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      aria-label={`${label}, ${plural(count, unit)}`}
    >
      <Icon aria-hidden className="h-5 w-5" />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

/**
 * A main-navigation link. Between 768 px and `labelFrom` it shows its icon only (its name stays its
 * accessible name and its tooltip), so the header keeps to one line with a usable search box: three
 * labels fit from 1024 px, the merchant's five from 1280 px.
 */
function MainNavLink({
  to,
  label,
  icon: Icon,
  labelFrom,
  end,
}: {
  to: string;
  label: string;
  icon: typeof Heart;
  labelFrom: 'lg' | 'xl';
  end?: boolean;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      title={label}
      className={({ isActive }) =>
        cn(
          'inline-flex h-11 min-w-11 items-center justify-center whitespace-nowrap rounded-md text-sm font-medium',
          labelFrom === 'lg' ? 'lg:px-3' : 'xl:px-3',
          isActive ? 'bg-brand-50 text-brand-800 underline underline-offset-4' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      <Icon aria-hidden className={cn('h-5 w-5', labelFrom === 'lg' ? 'lg:hidden' : 'xl:hidden')} />
      <span className={labelFrom === 'lg' ? 'sr-only lg:not-sr-only' : 'sr-only xl:not-sr-only'}>{label}</span>
    </NavLink>
  );
}

export function Header() {
  const { user } = useSession();
  const { logOut } = useLogoutAction();
  const cartCount = useCartCount();
  const favCount = useFavoritesCount();
  const isMerchant = user?.role === 'merchant';
  // A business's redeemer has the redeem screen only (docs/decisions/0062-roles-and-staff.md).
  const hasDashboard = isMerchant && user?.merchantRole !== 'redeemer';
  const labelFrom = isMerchant ? 'xl' : 'lg';
  const sideMenu = useDeferredDialog(loadSideMenu);
  const [accountMenuRequested, setAccountMenuRequested] = useState(false);
  useEffect(() => {
    if (user) void loadAccountMenu();
  }, [user]);

  const firstItem =
    user?.role === 'merchant'
      ? hasDashboard
        ? { to: paths.merchantDashboard, label: 'Merchant Dashboard' }
        : { to: paths.merchantRedeem, label: 'Redeem Voucher' }
      : user?.role === 'admin'
        ? { to: paths.adminDashboard, label: 'Admin Dashboard' }
        : { to: paths.profile, label: 'Profile' };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <button
          {...sideMenu.triggerProps}
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Open menu"
        >
          <Menu aria-hidden className="h-6 w-6" />
        </button>
        {sideMenu.isMounted && (
          <Suspense fallback={null}>
            <SideMenu {...sideMenu.dialogProps} />
          </Suspense>
        )}
        <Logo isCompactOnPhone />
        <nav aria-label="Main" className="ml-1 hidden shrink-0 items-center gap-1 md:flex lg:ml-3">
          <MainNavLink to={paths.home} end label="Home" icon={House} labelFrom={labelFrom} />
          <MainNavLink to={paths.deals} label="Browse Deals" icon={Compass} labelFrom={labelFrom} />
          <MainNavLink to={paths.purchases} label="My Purchases" icon={Ticket} labelFrom={labelFrom} />
          {hasDashboard && (
            <>
              <MainNavLink to={paths.merchantDashboard} label="Merchant Dashboard" icon={LayoutDashboard} labelFrom={labelFrom} />
              <MainNavLink to={paths.merchantPreLaunch} label="Launch Checklist" icon={ListChecks} labelFrom={labelFrom} />
            </>
          )}
        </nav>
        <SearchBox className="ml-auto hidden min-w-52 max-w-xs flex-1 md:block" />
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
          {isMerchant ? (
            // Merchants have no favourites or cart icons; their counter task takes that place.
            <NavLink
              to={paths.merchantRedeem}
              title="Redeem Voucher"
              aria-label="Redeem Voucher"
              className={({ isActive }) =>
                cn(
                  'inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-100',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700',
                )
              }
            >
              <ScanLine aria-hidden className="h-5 w-5" />
            </NavLink>
          ) : (
            <>
              <CountIcon to={paths.favorites} label="Favorites" unit="deal" count={favCount} icon={Heart} />
              <CountIcon to={paths.cart} label="Cart" unit="item" count={cartCount} icon={ShoppingCart} />
            </>
          )}
          {user ? (
            // A click before the menu's code arrived opens it as soon as it has.
            <Suspense fallback={<AvatarButton name={user.name} onClick={() => setAccountMenuRequested(true)} />}>
              <AccountMenu user={user} firstItem={firstItem} onLogout={logOut} defaultOpen={accountMenuRequested} />
            </Suspense>
          ) : (
            <Link
              to={paths.login}
              className="ml-1 hidden min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 md:inline-flex"
            >
              <LogIn aria-hidden className="h-4 w-4" /> Login
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
