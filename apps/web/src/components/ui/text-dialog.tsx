import { useId, type ReactNode } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogContent } from './dialog';
import { Textarea } from './input';
import { REFUND_TEXT_MAX } from '@localperks/shared';

/**
 * A dialog asking for one required text (a merchant's answer, an admin's decision, a suspension's or a ban's reason)
 * checked with the shared schema before it is sent; the field's error shows under it.
 */
export function TextDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  field,
  schema,
  extra,
  submitLabel,
  pendingLabel,
  submitVariant = 'primary',
  isPending,
  onSubmit,
  children,
  maxLength = REFUND_TEXT_MAX,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  field: string;
  schema: z.ZodType<FieldValues, FieldValues>;
  extra?: Record<string, unknown>;
  submitLabel: string;
  pendingLabel: string;
  submitVariant?: ButtonVariant;
  isPending: boolean;
  onSubmit: (text: string) => void;
  children?: ReactNode;
  /** The longest text the server takes (the textarea stops there); a refund text's by default. */
  maxLength?: number;
}) {
  // The schema checks the text with the rest of the request (`extra`, e.g. the decision) as the server does.
  const form = useForm<Record<string, string>>({
    resolver: (values, context, options) => zodResolver(schema)({ ...extra, ...values }, context, options),
    defaultValues: { [field]: '' },
  });
  const error = form.formState.errors[field]?.message;
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(String(values[field]).trim()))}>
          {children}
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {label}
          </label>
          <Textarea
            id={id}
            className="mt-1.5"
            rows={4}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            maxLength={maxLength}
            {...form.register(field)}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={submitVariant} disabled={isPending}>
              {isPending ? pendingLabel : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
