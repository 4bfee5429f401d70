import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MapPin, Maximize2, Store } from 'lucide-react';
import { PAID_VALUE_MESSAGES, REFUND_MESSAGES_UI, daysLeft, formatCents, type Purchase } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { FallbackImage } from '../../../../components/ui/fallback-image';
import { paths } from '../../../../config/paths';
import { cn } from '../../../../lib/cn';
import { daysText, formatDate, purchaseStatus, type PurchaseStatus } from '../utils/format';
import { RefundSection } from './refund-section';
import { GiftStatus } from '../../gifts/gift-status';

const badge: Record<PurchaseStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  expired: { label: 'Expired', className: 'bg-slate-200 text-slate-800 ring-slate-300' },
  redeemed: { label: 'Redeemed', className: 'bg-blue-100 text-blue-900 ring-blue-300' },
  refunded: { label: REFUND_MESSAGES_UI.voucherRefunded, className: 'bg-violet-100 text-violet-900 ring-violet-300' },
};

export function StatusBadge({ status }: { status: PurchaseStatus }) {
  const b = badge[status];
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', b.className)}>
      {b.label}
    </span>
  );
}

/**
 * One purchase: what was bought, when, until when, and (while it can still be used) its code and QR
 * with a button that shows them full screen at the counter (docs/product/customer-spec.md §4 Purchase).
 */
export function PurchaseCard({
  purchase: p,
  now,
  headingLevel = 3,
  onShowVoucher,
  actions,
}: {
  purchase: Purchase;
  now: Date;
  headingLevel?: 2 | 3;
  onShowVoucher: (p: Purchase) => void;
  /** Under the details, e.g. "Message the merchant" (another feature's, so app/ passes it in). */
  actions?: ReactNode;
}) {
  const days = daysLeft(p.expirationDate, now);
  const status = purchaseStatus(p, days);
  const isUsable = status === 'active';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:p-5">
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <FallbackImage
          key={p.dealImageUrl ?? ''}
          src={p.dealImageUrl}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-24"
          iconClassName="h-6 w-6"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <Heading className="min-w-0 text-lg font-semibold leading-snug text-slate-900">
              <Link to={paths.deal(p.dealId)} className="break-words hover:text-brand-800 hover:underline">
                {p.dealTitle}
              </Link>
            </Heading>
            <StatusBadge status={status} />
          </div>
          {p.optionTitle && <p className="mt-0.5 text-sm font-medium text-slate-800">Option: {p.optionTitle}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-700">
            <span className="inline-flex min-w-0 items-center gap-1">
              <Store aria-hidden className="h-3.5 w-3.5 shrink-0" /> {p.merchantName}
            </span>
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="h-3.5 w-3.5 shrink-0" /> {p.city}, {p.state}
            </span>
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600">{p.paidCents < p.priceCents ? 'Paid' : 'Price'}</dt>
              <dd className="font-semibold text-slate-900">
                {formatCents(p.paidCents)}
                {p.paidCents < p.priceCents && (
                  <s className="ml-1 text-sm font-normal text-slate-700">
                    <span className="sr-only">Price before promo code </span>
                    {formatCents(p.priceCents)}
                  </s>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Purchased</dt>
              <dd className="font-medium text-slate-900">{formatDate(p.purchaseDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Valid until</dt>
              <dd className="font-medium text-slate-900">{formatDate(p.expirationDate)}</dd>
            </div>
            {status === 'refunded' ? (
              <div>
                <dt className="text-slate-600">Status</dt>
                <dd className="font-medium text-violet-900">
                  {p.refundedAt ? `Refunded on ${formatDate(p.refundedAt)}` : REFUND_MESSAGES_UI.voucherRefunded}
                </dd>
              </div>
            ) : status === 'redeemed' ? (
              <div>
                <dt className="text-slate-600">Status</dt>
                <dd className="font-medium text-blue-900">
                  {p.redemptionDate ? `Redeemed on ${formatDate(p.redemptionDate)}` : 'Redeemed'}
                </dd>
              </div>
            ) : (
              <div>
                <dt className="text-slate-600">Days left</dt>
                <dd className={cn('font-medium', isUsable ? 'text-slate-900' : 'text-red-700')}>{isUsable ? daysText(days) : 'Expired'}</dd>
              </div>
            )}
          </dl>
          {/* Past "valid until" the promotional value ends; what was paid stays (docs/decisions/0047). */}
          {status === 'expired' && p.paidValueOnly && (
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {PAID_VALUE_MESSAGES.customer(formatCents(p.paidCents))}
            </p>
          )}
          {p.gift && <GiftStatus gift={p.gift} dealTitle={p.dealTitle} />}
          <RefundSection purchase={p} />
          {actions}
        </div>
      </div>

      {/* The QR loads at once, not when scrolled to: the service worker keeps each one it sees for use offline (src/sw.ts). */}
      {(isUsable || p.paidValueOnly) && p.qrCodeUrl && p.redemptionCode && (
        <div className="flex items-center gap-4 border-t border-slate-200 pt-4 sm:w-52 sm:shrink-0 sm:flex-col sm:items-stretch sm:border-l sm:border-t-0 sm:pl-5 sm:pt-0">
          <img
            src={p.qrCodeUrl}
            alt={`QR code for redemption code ${p.redemptionCode}`}
            width={112}
            height={112}
            className="h-20 w-20 shrink-0 rounded-md border border-slate-200 bg-white min-[360px]:h-24 min-[360px]:w-24 sm:mx-auto sm:h-28 sm:w-28"
          />
          <div className="min-w-0 flex-1 sm:text-center">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Redemption code</p>
            <p className="break-words font-mono text-base font-bold tracking-wide text-slate-900">{p.redemptionCode}</p>
            <Button size="sm" className="mt-2 w-full" onClick={() => onShowVoucher(p)} aria-label={`Show voucher for ${p.dealTitle}`}>
              <Maximize2 aria-hidden className="h-4 w-4" /> Show voucher
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
