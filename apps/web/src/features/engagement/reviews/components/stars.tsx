import { Star } from 'lucide-react';
import { formatRating } from '@localperks/shared';
import { cn } from '../../../../lib/cn';

/** Five stars filled to `rating` (halves round to the nearer whole star); the words are for screen readers. */
export function Stars({ rating, className, size = 'h-4 w-4' }: { rating: number; className?: string; size?: string }) {
  const full = Math.round(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`Rated ${formatRating(rating)} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} aria-hidden className={cn(size, i <= full ? 'fill-amber-400 text-amber-500' : 'fill-slate-200 text-slate-400')} />
      ))}
    </span>
  );
}

/** "★ 4.6 (128)" on a card or a page header; "No reviews yet" (or nothing, on a card) without any. */
export function RatingLine({
  average,
  count,
  className,
  showEmpty = false,
  href,
}: {
  average: number | null;
  count: number;
  className?: string;
  showEmpty?: boolean;
  href?: string;
}) {
  if (!count || average === null) return showEmpty ? <p className={cn('text-sm text-slate-700', className)}>No reviews yet</p> : null;
  const words = `${count} ${count === 1 ? 'review' : 'reviews'}`;
  const body = (
    <>
      <Star aria-hidden className="h-4 w-4 shrink-0 fill-amber-400 text-amber-500" />
      <span className="font-semibold text-slate-900">{formatRating(average)}</span>
      <span className="sr-only"> out of 5,</span>
      <span className="text-slate-700">({words})</span>
    </>
  );
  const cls = cn('inline-flex items-center gap-1 text-sm', className);
  return href ? (
    <a href={href} className={cn(cls, 'relative z-10 hover:underline')}>
      {body}
    </a>
  ) : (
    <p className={cls}>{body}</p>
  );
}
