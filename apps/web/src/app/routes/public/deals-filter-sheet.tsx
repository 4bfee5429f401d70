import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { formatCount } from '@localperks/shared';

/** The browse page's bottom sheet of filters under 768 px; loaded on demand by the page's Filters button. */
export default function FilterSheetContent({
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
  resultCount,
  onClear,
  children,
}: DeferredDialogProps & { resultCount?: number; onClear: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <DialogPrimitive.Content
          id={contentId}
          onCloseAutoFocus={onCloseAutoFocus}
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 py-2 pl-4 pr-2">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">Filters</DialogPrimitive.Title>
            <DialogClose
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
              aria-label="Close filters"
            >
              <X aria-hidden className="h-5 w-5" />
            </DialogClose>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-5">{children}</div>
          <div className="flex gap-2 border-t border-slate-200 p-4">
            <Button variant="secondary" onClick={onClear}>
              Clear filters
            </Button>
            <DialogClose asChild>
              <Button className="flex-1">
                {resultCount === undefined ? 'Show deals' : `Show ${formatCount(resultCount)} ${resultCount === 1 ? 'deal' : 'deals'}`}
              </Button>
            </DialogClose>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}
