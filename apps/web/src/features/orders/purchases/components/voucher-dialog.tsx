import { useEffect } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Store, X } from 'lucide-react';
import type { Purchase } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { useReturnFocus } from '../../../../lib/page-focus';
import { formatDate } from '../utils/format';

/** Keeps the phone's screen on while the voucher is shown at the counter, where supported. */
function useScreenWakeLock(isActive: boolean) {
  useEffect(() => {
    if (!isActive || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let isCancelled = false;
    navigator.wakeLock
      .request('screen')
      .then((l) => {
        if (isCancelled) void l.release();
        else lock = l;
      })
      .catch(() => {
        /* not allowed (battery saver, hidden tab): the voucher still shows */
      });
    return () => {
      isCancelled = true;
      void lock?.release();
    };
  }, [isActive]);
}

/**
 * The voucher full screen, to show at the counter: the merchant scans the big QR or types the code.
 * Esc, the close button or the Done button close it (Radix Dialog keeps focus inside meanwhile).
 */
export function VoucherDialog({ purchase, onClose }: { purchase: Purchase | null; onClose: () => void }) {
  useScreenWakeLock(purchase !== null);
  // Opened from code (no Dialog.Trigger): focus goes back to the Show voucher button on close.
  const focus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={purchase !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content className="fixed inset-0 z-50 overflow-y-auto bg-white" {...focus}>
          {purchase && (
            <div className="mx-auto flex min-h-full max-w-md flex-col items-center px-5 pb-8 pt-14 text-center">
              <p className="text-xs font-semibold uppercase tracking-widest text-brand-800">LocalPerks voucher</p>
              <DialogPrimitive.Title className="mt-2 text-2xl font-bold leading-tight text-slate-900">
                {purchase.dealTitle}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-1 inline-flex items-center gap-1.5 text-base text-slate-700">
                <Store aria-hidden className="h-4 w-4 shrink-0" /> {purchase.merchantName} · {purchase.city}, {purchase.state}
              </DialogPrimitive.Description>
              <img
                src={purchase.qrCodeUrl ?? undefined}
                alt={`QR code for redemption code ${purchase.redemptionCode}`}
                width={320}
                height={320}
                className="mt-6 aspect-square w-full max-w-[min(20rem,55vh)] rounded-xl border border-slate-200 bg-white"
              />
              <p className="mt-6 text-sm font-medium uppercase tracking-wide text-slate-600">Redemption code</p>
              <p className="mt-1 break-all font-mono text-3xl font-bold tracking-widest text-slate-900 min-[400px]:text-4xl">
                {purchase.redemptionCode}
              </p>
              <p className="mt-4 text-lg text-slate-800">
                Valid until <strong className="font-semibold">{formatDate(purchase.expirationDate)}</strong>
              </p>
              <p className="mt-4 max-w-sm text-sm text-slate-700">
                Show this screen at the counter. The merchant scans the QR code or types the code to redeem it.
              </p>
              <DialogPrimitive.Close asChild>
                <Button size="lg" variant="secondary" className="mt-8 w-full max-w-xs">
                  Done
                </Button>
              </DialogPrimitive.Close>
            </div>
          )}
          <DialogPrimitive.Close
            className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            aria-label="Close voucher"
          >
            <X aria-hidden className="h-6 w-6" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
