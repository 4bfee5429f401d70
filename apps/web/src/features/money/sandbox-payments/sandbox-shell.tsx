import type { ReactNode } from 'react';
import { FlaskConical, type LucideIcon } from 'lucide-react';

/**
 * The frame of the sandbox provider's hosted pages (its card page, its payout-account pages): they stand apart from
 * the shop, as a provider's pages would, and say they are in test mode.
 */
export function SandboxShell({ icon: Icon, name, children }: { icon: LucideIcon; name: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Icon aria-hidden className="h-5 w-5 text-indigo-700" /> {name}
          </p>
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
            <FlaskConical aria-hidden className="h-3.5 w-3.5" /> Test mode
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
