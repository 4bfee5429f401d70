import { Link } from 'react-router';
import { Store, type LucideIcon } from 'lucide-react';
import { PRODUCT_NAME, PUBLIC_PAGES, SUPPORT_CONTACT, plural } from '@localperks/shared';
import { paths } from '../../../../config/paths';

/** Shared look of the static and legal pages. */
export const h2Class = 'mt-8 mb-2 text-xl font-semibold text-slate-900';
export const textClass = 'text-slate-700 leading-relaxed';
export const listClass = 'mt-2 list-disc space-y-1 pl-6 text-slate-700 leading-relaxed';
export const linkClass = 'text-emerald-800 underline hover:text-emerald-900';
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-5 font-semibold text-white hover:bg-emerald-800';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-emerald-700 bg-white px-5 font-semibold text-emerald-800 hover:bg-emerald-50';

export { formatPrice } from '@localperks/shared';

export function durationLabel(days: number): string {
  return plural(days, 'day');
}

/** The support postal address, e-mail and phone, as the legal pages close with. */
export function SupportAddress() {
  return (
    <address className={`mt-2 not-italic ${textClass}`}>
      {PRODUCT_NAME}
      <br />
      {SUPPORT_CONTACT.address}
      <br />
      Email:{' '}
      <a href={`mailto:${SUPPORT_CONTACT.email}`} className={linkClass}>
        {SUPPORT_CONTACT.email}
      </a>
      <br />
      Phone:{' '}
      <a href={`tel:${SUPPORT_CONTACT.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
        {SUPPORT_CONTACT.phone}
      </a>
    </address>
  );
}

/** The Register as a Merchant button that closes the merchant legal pages. */
export function RegisterMerchantCta() {
  return (
    <div className="mt-10 rounded-lg bg-emerald-50 p-6">
      <p className={textClass}>Ready to reach more local customers?</p>
      <Link to={paths.merchantRegister} className={`mt-4 ${primaryButton}`}>
        <Store className="size-5" aria-hidden="true" />
        Register as a Merchant
      </Link>
    </div>
  );
}

export interface IconCard {
  icon: LucideIcon;
  title: string;
  body: string;
}

/** A two-column grid of icon, title and text cards. */
export function IconCardList({ items }: { items: readonly IconCard[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2">
      {items.map(({ icon: Icon, title, body }) => (
        <li key={title} className="rounded-lg border border-slate-200 bg-white p-4">
          <Icon className="size-6 text-emerald-700" aria-hidden="true" />
          <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
          <p className={`mt-1 ${textClass}`}>{body}</p>
        </li>
      ))}
    </ul>
  );
}

/** Title, document title (its page's declaration, PUBLIC_PAGES) and "Last updated" date of a legal page. */
export function LegalHeader({
  page,
  title,
  updated,
  updatedIso,
}: {
  page: 'privacy' | 'terms' | 'merchant-terms' | 'merchant-refund-policy';
  title: string;
  updated: string;
  updatedIso: string;
}) {
  return (
    <>
      <title>{PUBLIC_PAGES[page].head().title}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Last updated: <time dateTime={updatedIso}>{updated}</time>
      </p>
    </>
  );
}
