import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { Purchase } from '@localperks/shared';
import { buttonClass } from '../../../../components/ui/button';
import { paths } from '../../../../config/paths';

/** Under a redeemed voucher in My Purchases: "Write a review" while it can be reviewed, "Your review" once it is. */
export function ReviewLink({ purchase: p }: { purchase: Purchase }) {
  if (!p.canReview && !p.reviewed) return null;
  return (
    // The deal's title in the name only (not in the text): a list's cards are found by their title text.
    <Link
      to={paths.reviewPurchase(p.id)}
      aria-label={`${p.reviewed ? 'Your review' : 'Write a review'} of ${p.dealTitle}`}
      className={buttonClass(p.reviewed ? 'ghost' : 'secondary', 'sm', 'mt-2')}
    >
      <Star aria-hidden className="h-4 w-4" /> {p.reviewed ? 'Your review' : 'Write a review'}
    </Link>
  );
}
