import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useLogoutAction } from '../../lib/use-logout-action';
import { useCartCount } from '../../lib/cart-store';
import { useFavoritesCount } from '../../features/engagement/favorites/favorites-store';
import { paths } from '../../config/paths';
import type { DeferredDialogProps } from '../../components/ui/deferred-dialog';
import { Dialog, DialogClose, SheetContent } from '../../components/ui/dialog';
import { Logo, SearchBox } from './header-parts';

// Loaded on demand from the header (see useDeferredDialog): Radix Dialog is not on the first screen.

/** The slide-in side menu under 768 px, with exactly the spec's items per role. */
export default function SideMenu({ open, onOpenChange, contentId, onCloseAutoFocus }: DeferredDialogProps) {
  const close = () => onOpenChange(false);
  const { user } = useSession();
  const { logOut } = useLogoutAction();
  const cartCount = useCartCount();
  const favCount = useFavoritesCount();
  const isMerchant = user?.role === 'merchant';
  const item = 'flex min-h-11 items-center rounded-md px-3 text-base font-medium text-slate-800 hover:bg-slate-100';
  const link = (to: string, label: string) => (
    <DialogClose asChild key={to + label}>
      <Link to={to} className={item}>
        {label}
      </Link>
    </DialogClose>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Menu"
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        // Escape in the search's open suggestions closes them, not the menu (ARIA combobox).
        onEscapeKeyDown={(e) => {
          if (e.target instanceof HTMLElement && e.target.getAttribute('aria-expanded') === 'true') e.preventDefault();
        }}
      >
        <div className="mb-4 pr-10">
          <Logo />
        </div>
        <SearchBox className="mb-4" onDone={close} />
        <nav aria-label="Side menu" className="flex flex-col gap-1">
          {link(paths.home, 'Home')}
          {link(paths.deals, 'Browse Deals')}
          {/* Merchants have no favourites or cart (docs/product/customer-spec.md §6), as in the header. */}
          {!isMerchant && link(paths.favorites, `Favorites (${favCount})`)}
          {!isMerchant && link(paths.cart, `Cart (${cartCount})`)}
          {link(paths.purchases, 'My Purchases')}
          {user ? (
            <>
              {link(paths.profile, 'Profile')}
              {isMerchant && user.merchantRole !== 'redeemer' && link(paths.merchantDashboard, 'Merchant Dashboard')}
              {isMerchant && user.merchantRole !== 'redeemer' && link(paths.merchantPreLaunch, 'Launch Checklist')}
              {isMerchant && link(paths.merchantRedeem, 'Redeem Voucher')}
              <button
                type="button"
                className={item}
                onClick={() => {
                  close();
                  logOut();
                }}
              >
                Logout
              </button>
            </>
          ) : (
            link(paths.login, 'Login / Signup')
          )}
        </nav>
      </SheetContent>
    </Dialog>
  );
}
