import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MessageSquarePlus } from 'lucide-react';
import { toast } from 'sonner';
import { FEEDBACK_MESSAGES } from '@localperks/shared';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/input';
import { api, errorMessage } from '../../lib/api-client';

/** The floating feedback button and its Send Feedback dialog; feedback is stored on the server. */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const location = useLocation();
  const send = useMutation({ mutationFn: (message: string) => api.post('/api/feedback', { message, page: location.pathname }) });

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
        setOpen(false);
      },
      onError: (err) => toast.error('Feedback not sent', { description: errorMessage(err, 'Please try again.') }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="fixed bottom-4 right-4 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-800">
        <MessageSquarePlus aria-hidden className="h-5 w-5" />
        <span>Feedback</span>
      </DialogTrigger>
      <DialogContent title="Send Feedback" description="Tell us what works, what doesn't, or what you'd like to see.">
        <label htmlFor="feedback-text" className="sr-only">
          Your feedback
        </label>
        <Textarea id="feedback-text" rows={5} value={text} onChange={(e) => setText(e.target.value)} placeholder="Your feedback..." maxLength={2000} />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
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
