import type { ReactNode } from 'react';
import { BadgeCheck, Store } from 'lucide-react';
import { REVIEW_MESSAGES, type Review } from '@localperks/shared';
import { formatDate } from '../../../../lib/format';
import { Stars } from './stars';

/**
 * One review as customers read it (docs/decisions/0064-verified-reviews.md): plain text (React escapes it; line breaks
 * kept), "Verified purchase" on every one, and the business's reply under it, named as the business.
 */
export function ReviewCard({
  review: r,
  showDeal = false,
  actions,
  status,
}: {
  review: Review;
  /** The business page lists reviews of all its deals: each names its deal. */
  showDeal?: boolean;
  actions?: ReactNode;
  /** Shown above the review in the merchant's and the admins' lists (e.g. "Hidden by moderators"). */
  status?: ReactNode;
}) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {status}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={r.rating} />
        {r.title && <h3 className="font-semibold text-slate-900">{r.title}</h3>}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <span className="font-medium text-slate-900">{r.authorName}</span>
        <span aria-hidden>·</span>
        <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-300">
          <BadgeCheck aria-hidden className="h-3.5 w-3.5" /> {REVIEW_MESSAGES.verifiedPurchase}
        </span>
      </p>
      {(showDeal || r.optionTitle) && (
        <p className="mt-1 text-sm text-slate-700">
          {showDeal ? r.dealTitle : ''}
          {showDeal && r.optionTitle ? ' · ' : ''}
          {r.optionTitle}
        </p>
      )}
      <p className="mt-3 whitespace-pre-line break-words leading-relaxed text-slate-800">{r.body}</p>
      {r.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {r.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={src.replace(/\.webp$/, '-sm.webp')}
                  alt={`Shared by ${r.authorName} (${i + 1} of ${r.photos.length})`}
                  width={96}
                  height={72}
                  loading="lazy"
                  className="h-18 w-24 rounded-md border border-slate-200 object-cover"
                />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.reply && (
        <div className="mt-4 rounded-lg border-l-4 border-brand-700 bg-slate-50 p-3">
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
            <Store aria-hidden className="h-4 w-4 text-brand-800" /> Response from {r.reply.businessName}
            <time dateTime={r.reply.createdAt} className="font-normal text-slate-700">
              {formatDate(r.reply.createdAt)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-slate-800">{r.reply.text}</p>
        </div>
      )}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
