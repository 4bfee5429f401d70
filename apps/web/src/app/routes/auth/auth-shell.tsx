import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from 'lucide-react';
import { paths } from '../../../config/paths';

/** Brand header and a centred column for the sign-in pages. */
export function AuthShell({ children, title }: { children: ReactNode; title: string }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <title>{`${title} | LocalPerks`}</title>
      <div className="mb-6 text-center">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
          <Tag aria-hidden className="h-6 w-6" />
        </span>
        <p className="mt-2 text-2xl font-bold text-brand-800">LocalPerks</p>
        <p className="text-sm text-slate-600">Discover the best local deals in your city</p>
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
