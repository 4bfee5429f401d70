import { Suspense } from 'react';
import { MessageSquarePlus } from 'lucide-react';
import { useDeferredDialog } from '../../../components/ui/deferred-dialog';
import { cn } from '../../../lib/cn';
import { lazyPart } from '../../../lib/lazy-part';

// The dialog (Radix, the form) loads when its trigger is hovered, focused or pressed.
const loadFeedbackDialog = () => import('./feedback-dialog');
const FeedbackDialog = lazyPart(loadFeedbackDialog);

/**
 * The Send Feedback dialog for a trigger of the caller's own: spread `triggerProps` on a <button>,
 * or (a menu item) call `setOpen(true)` and put `triggerProps.ref` on the element focus returns to.
 * Render `element` next to it.
 */
export function useFeedbackDialog() {
  const dialog = useDeferredDialog(loadFeedbackDialog);
  const element = dialog.isMounted && (
    <Suspense fallback={null}>
      <FeedbackDialog {...dialog.dialogProps} />
    </Suspense>
  );
  return { ...dialog, element, preload: loadFeedbackDialog };
}

/**
 * The feedback entry point in the page's footer. It takes its own place in the layout: a floating
 * button covered the page's own controls (Add to Cart on phones, Pay Now, Vote), so it was dropped
 * (issue 14); signed-in users also find Send Feedback in the account menu.
 */
export function FeedbackButton({ className }: { className?: string }) {
  const dialog = useFeedbackDialog();
  return (
    <>
      <button
        {...dialog.triggerProps}
        className={cn(
          'inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-500 px-4 text-sm font-semibold text-white hover:bg-slate-800',
          className,
        )}
      >
        <MessageSquarePlus aria-hidden className="h-5 w-5" />
        <span>Feedback</span>
      </button>
      {dialog.element}
    </>
  );
}
