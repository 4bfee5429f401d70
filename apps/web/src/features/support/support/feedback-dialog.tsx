import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { FEEDBACK_MESSAGES, FEEDBACK_MAX_LENGTH } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** The Send Feedback dialog; feedback is stored on the server. Loaded on demand by FeedbackButton. */
export default function FeedbackDialog({ open, onOpenChange, contentId, onCloseAutoFocus }: DeferredDialogProps) {
  const [text, setText] = useState('');
  const location = useLocation();
  const send = useMutation({ mutationFn: (message: string) => api.post('/api/feedback', { body: { message, page: location.pathname } }) });

  const submit = () => {
    const message = text.trim();
    if (!message) {
      toast.error(FEEDBACK_MESSAGES.emptyTitle, { description: FEEDBACK_MESSAGES.emptyDescription });
      return;
    }
    send.mutate(message, {
      onSuccess: () => {
        toast.success(FEEDBACK_MESSAGES.sentTitle, { description: 'Thank you for helping us improve LocalPerks.' });
        setText('');
        onOpenChange(false);
      },
      onError: (err) => toast.error('Feedback not sent', { description: errorMessage(err, 'Please try again.') }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Send Feedback"
        description="Tell us what works, what doesn't, or what you'd like to see."
      >
        <label htmlFor="feedback-text" className="sr-only">
          Your feedback
        </label>
        <Textarea
          id="feedback-text"
          rows={5}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Your feedback..."
          maxLength={FEEDBACK_MAX_LENGTH}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Feedback'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
