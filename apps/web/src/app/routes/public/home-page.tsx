import { Link } from 'react-router';
import { Briefcase, LogOut, Search, Sparkles, User } from 'lucide-react';
import { buttonClass, Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../features/auth/api';
import { useLogoutAction } from '../../../features/auth/use-logout-action';

function WelcomeBanner() {
  const { user } = useSession();
  const logout = useLogoutAction();
  if (!user) return null;
  const isMerchant = user.role === 'merchant';
  return (
    <section aria-label="Welcome" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
        {isMerchant ? <Briefcase aria-hidden className="h-5 w-5 text-brand-800" /> : <User aria-hidden className="h-5 w-5 text-brand-800" />}
        <p className="text-sm text-slate-800">
          Welcome back, <strong>{user.name}</strong> · <span className="font-medium text-brand-800">{isMerchant ? 'Merchant Account' : 'Customer Account'}</span>
        </p>
        <div className="ml-auto flex gap-2">
          {isMerchant && (
            <Link to={paths.merchantDashboard} className={buttonClass('primary', 'sm')}>
              Merchant Dashboard
            </Link>
          )}
          <Button variant="secondary" size="sm" onClick={logout}>
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </Button>
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <title>LocalPerks: Discover Local Deals</title>
      <WelcomeBanner />
      <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">Discover Local Deals</h1>
          <p className="mt-4 max-w-xl text-lg text-emerald-50">Save up to 70% on restaurants, fitness, beauty, entertainment and more in 12 US cities.</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.deals} className={buttonClass('secondary', 'lg')}>
              <Search aria-hidden className="h-5 w-5" /> Browse Deals
            </Link>
            <Link to={paths.perkboostInfo} className="inline-flex min-h-12 items-center gap-2 rounded-lg border border-white/70 px-6 font-medium text-white hover:bg-white/10">
              <Sparkles aria-hidden className="h-5 w-5" /> How PerkBoost works
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
