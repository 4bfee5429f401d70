import { Suspense } from 'react';
import { MessageSquarePlus } from 'lucide-react';
import { useDeferredDialog } from '../../components/ui/deferred-dialog';
import { lazyPart } from '../../lib/lazy-part';

// The dialog (Radix, the form) loads when the button is hovered, focused or pressed.
const loadFeedbackDialog = () => import('./feedback-dialog');
const FeedbackDialog = lazyPart(loadFeedbackDialog);

/** The floating feedback button; it opens the Send Feedback dialog. */
export function FeedbackButton() {
  const dialog = useDeferredDialog(loadFeedbackDialog);
  return (
    <>
      <button
        {...dialog.triggerProps}
        className="fixed bottom-4 right-4 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
      >
        <MessageSquarePlus aria-hidden className="h-5 w-5" />
        <span>Feedback</span>
      </button>
      {dialog.isMounted && (
        <Suspense fallback={null}>
          <FeedbackDialog {...dialog.dialogProps} />
        </Suspense>
      )}
    </>
  );
}
