import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocus } from '../../lib/page-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A centred dialog. On close, focus returns to what had it when the dialog opened (a trigger, or the
 * button that opened it from code), else to `returnFocusTo()`, else to the page's main heading.
 */
export function DialogContent({
  className,
  children,
  title,
  description,
  returnFocusTo,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...p
}: ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
  /** Where focus goes on close when the element that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const focus = useReturnFocus(returnFocusTo);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...p}
        onOpenAutoFocus={(e) => {
          focus.onOpenAutoFocus();
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (!e.defaultPrevented) focus.onCloseAutoFocus(e);
        }}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
        {description && <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description>}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
          aria-label="Close"
        >
          <X aria-hidden className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A slide-in panel from the left, used for the mobile side menu. */
export function SheetContent({
  children,
  title,
  className,
  ...p
}: { children: ReactNode; title: string; className?: string } & Pick<
  ComponentProps<typeof DialogPrimitive.Content>,
  'id' | 'onCloseAutoFocus' | 'onEscapeKeyDown'
>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn('fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-4 shadow-xl', className)}
        {...p}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close
          className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
          aria-label="Close menu"
        >
          <X aria-hidden className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
