import { useId } from 'react';
import { Gift } from 'lucide-react';
import { DAY_MS, GIFT_DELIVERY_MAX_DAYS, GIFT_MESSAGE_MAX, GIFT_NAME_MAX, calendarDayIn, giftInputSchema } from '@localperks/shared';
import { Input, Textarea } from '../../../components/ui/input';

/** A line's gift as the checkout page keeps it while the customer types (sent with the line: docs/decisions/0066-gifts.md). */
export interface GiftDraft {
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

/** The browser's time zone: "today" and the delivery day are read in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const todayHere = () => calendarDayIn(new Date(), browserTimeZone());

/** The field messages of a draft, by the schema the server checks the line with. */
export function giftErrors(draft: GiftDraft): Partial<Record<keyof GiftDraft, string>> {
  const parsed = giftInputSchema.safeParse({ ...draft, timeZone: browserTimeZone() });
  if (parsed.success) return {};
  const out: Partial<Record<keyof GiftDraft, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof GiftDraft;
    out[key] ??= issue.message;
  }
  return out;
}

/** "This is a gift" under a cart line at checkout: the recipient, a message and the delivery day. */
export function GiftOptions({
  title,
  draft,
  onChange,
  showErrors,
}: {
  title: string;
  draft: GiftDraft | null;
  onChange: (next: GiftDraft | null) => void;
  showErrors: boolean;
}) {
  const id = useId();
  const today = todayHere();
  const last = calendarDayIn(new Date(Date.now() + GIFT_DELIVERY_MAX_DAYS * DAY_MS), browserTimeZone());
  const errors = draft && showErrors ? giftErrors(draft) : {};
  const field = (
    name: keyof GiftDraft,
    label: string,
    input: (p: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode,
    hint?: string,
  ) => {
    const fid = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="space-y-1">
        <label htmlFor={fid} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {input({ id: fid, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${fid}-error` : hint ? `${fid}-hint` : undefined })}
        {hint && !error && (
          <p id={`${fid}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${fid}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={draft !== null}
          aria-label={`This is a gift: ${title}`}
          onChange={(e) => onChange(e.target.checked ? { recipientName: '', recipientEmail: '', message: '', deliverOn: today } : null)}
        />
        <Gift aria-hidden className="h-4 w-4 text-brand-700" /> This is a gift
      </label>
      {draft && (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {field('recipientName', 'Recipient’s name', (p) => (
            <Input
              {...p}
              value={draft.recipientName}
              maxLength={GIFT_NAME_MAX}
              autoComplete="off"
              onChange={(e) => onChange({ ...draft, recipientName: e.target.value })}
            />
          ))}
          {field('recipientEmail', 'Recipient’s e-mail', (p) => (
            <Input
              {...p}
              type="email"
              value={draft.recipientEmail}
              autoComplete="off"
              onChange={(e) => onChange({ ...draft, recipientEmail: e.target.value })}
            />
          ))}
          <div className="sm:col-span-2">
            {field(
              'message',
              'Message (optional)',
              (p) => (
                <Textarea
                  {...p}
                  rows={3}
                  value={draft.message}
                  maxLength={GIFT_MESSAGE_MAX}
                  onChange={(e) => onChange({ ...draft, message: e.target.value })}
                />
              ),
              `${draft.message.length} / ${GIFT_MESSAGE_MAX} characters`,
            )}
          </div>
          {field(
            'deliverOn',
            'Delivery date',
            (p) => (
              <Input
                {...p}
                type="date"
                min={today}
                max={last}
                value={draft.deliverOn}
                onChange={(e) => onChange({ ...draft, deliverOn: e.target.value })}
              />
            ),
            `Today or up to ${GIFT_DELIVERY_MAX_DAYS} days ahead. We e-mail the gift that morning.`,
          )}
        </div>
      )}
    </div>
  );
}
