import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { formatCount } from '@localperks/shared';

/** After a vote: what happens next (docs/product/customer-spec.md §4 Voting). Loaded on demand by VotePanel. */
export default function VoteReceivedDialog({
  open,
  onOpenChange,
  dealTitle,
  didUnlock,
  votesRequired,
  remaining,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dealTitle: string;
  didUnlock: boolean;
  votesRequired: number;
  /** The time left to vote, while the customer's vote still counts toward the target. */
  remaining: string | null;
  /** Where focus goes on close (the Vote button that opened it is gone by then). */
  returnFocusTo: () => HTMLElement | null | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Vote Received!"
        returnFocusTo={returnFocusTo}
        description={didUnlock ? 'Your vote unlocked this deal. It is now available for purchase.' : `Thanks for voting for ${dealTitle}.`}
      >
        {didUnlock ? (
          // The vote that reached the target: nothing left to wait for or be told about.
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            <li>
              Your vote brought {dealTitle} to its target of {formatCount(votesRequired)} votes.
            </li>
            <li>Everyone can buy it now: use Pay Now on the deal. Voting was free: you pay only if you buy it.</li>
          </ul>
        ) : (
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            <li>
              PerkBoost deals unlock for purchase when they reach their vote target ({formatCount(votesRequired)} votes) before voting ends
              {remaining !== null && ` in ${remaining}`}.
            </li>
            <li>
              We will notify you by email as soon as this deal unlocks. Voting is free: you only pay if you buy the deal once it is
              unlocked.
            </li>
            <li>
              You can cancel your vote any time until the deal unlocks. If voting ends before the target is reached, the deal expires.
            </li>
          </ul>
        )}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
