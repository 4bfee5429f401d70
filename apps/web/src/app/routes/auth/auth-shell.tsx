import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from 'lucide-react';
import { paths } from '../../../config/paths';

/**
 * Brand header and a centred column for the sign-in pages. The page's title is its h1 (the one heading a
 * screen reader lists first, and where focus lands after a route change), unless the page names its own
 * (`hasOwnHeading`: admin access, the e-mail callback).
 */
export function AuthShell({ children, title, hasOwnHeading = false }: { children: ReactNode; title: string; hasOwnHeading?: boolean }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <title>{`${title} | LocalPerks`}</title>
      <div className="mb-6 text-center">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
          <Tag aria-hidden className="h-6 w-6" />
        </span>
        <p className="mt-2 text-2xl font-bold text-brand-800">LocalPerks</p>
        <p className="text-sm text-slate-600">Discover the best local deals in your city</p>
        {!hasOwnHeading && <h1 className="mt-5 text-xl font-semibold text-slate-900">{title}</h1>}
      </div>
      {children}
    </div>
  );
}

export function BackToLoginLink() {
  return (
    <p className="text-center text-sm">
      <Link to={paths.login} className="inline-flex min-h-11 items-center text-brand-800 underline">
        Back to Login
      </Link>
    </p>
  );
}
