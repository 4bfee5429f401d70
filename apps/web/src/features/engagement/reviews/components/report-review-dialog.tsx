import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_MESSAGES as M,
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_REASON_LABELS,
  reportReviewSchema,
  type ReportReview,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/input';
import { toast } from '../../../../lib/toast';
import { useReportReview } from '../api';

/**
 * Report a review with a reason (and an optional note); the admins' moderation queue gets it. Its own chunk, loaded
 * when someone reports (the deal page does not carry the form code for every visitor).
 */
export default function ReportReviewDialog({
  reviewId,
  open,
  onOpenChange,
}: {
  reviewId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const report = useReportReview();
  const form = useForm<ReportReview>({ resolver: zodResolver(reportReviewSchema), defaultValues: { note: '' } });
  const { errors } = form.formState;
  const submit = (values: ReportReview) =>
    report.mutate(
      { id: reviewId, ...values },
      {
        onSuccess: () => {
          toast.success(M.reportedTitle, { description: M.reportedDescription });
          onOpenChange(false);
        },
        onError: (err) => form.setError('root', { message: err.message }),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Report this review"
        description="Tell our team what is wrong with it. The reviewer is not told who reported it."
      >
        <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
          <fieldset aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">Reason</legend>
            <div className="space-y-1">
              {REVIEW_REPORT_REASONS.map((r) => (
                <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                  <input type="radio" value={r} {...form.register('reason')} className="h-4 w-4 accent-brand-700" />
                  <span className="text-slate-900">{REVIEW_REPORT_REASON_LABELS[r]}</span>
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id="report-reason-error" role="alert" className="mt-1 text-sm text-red-700">
                {errors.reason.message}
              </p>
            )}
          </fieldset>
          <Field label="Note (optional)" error={errors.note?.message}>
            {(p) => <Textarea {...p} rows={3} {...form.register('note')} maxLength={REVIEW_REPORT_NOTE_MAX} />}
          </Field>
          {errors.root && (
            <p role="alert" className="text-sm text-red-700">
              {errors.root.message}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
