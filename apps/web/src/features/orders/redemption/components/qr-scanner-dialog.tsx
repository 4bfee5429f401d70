import { useEffect, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { createQrDetector } from '../hooks/use-qr-scanner';

const SCAN_EVERY_MS = 200;

function cameraErrorText(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was blocked. Allow the camera for this site in your browser settings, or type the code instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Type the code instead.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again, or type the code instead.';
  return 'The camera could not be started. Type the code instead.';
}

/**
 * The camera preview, mounted only while the dialog is open: it asks for the (rear) camera, looks
 * for a QR code a few times a second, and stops every camera track when it unmounts.
 */
function CameraScanner({ onScan }: { onScan: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const [status, setStatus] = useState<'starting' | 'scanning' | { error: string }>('starting');

  useEffect(() => {
    const video = videoRef.current;
    const detector = createQrDetector();
    if (!video || !detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;

    const scan = async () => {
      if (isStopped) return;
      try {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const hit = (await detector.detect(video)).find((b) => b.rawValue.trim());
          if (hit && !isStopped) {
            isStopped = true;
            onScanRef.current(hit.rawValue);
            return;
          }
        }
      } catch {
        /* a frame that could not be read: try the next one */
      }
      timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (s) => {
        if (isStopped) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        video.srcObject = s;
        await video.play();
        setStatus('scanning');
        void scan();
      })
      .catch((err: unknown) => {
        if (!isStopped) setStatus({ error: cameraErrorText(err) });
      });

    return () => {
      isStopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    };
  }, []);

  return (
    <div>
      <div className="relative overflow-hidden rounded-lg bg-slate-900">
        <video ref={videoRef} muted playsInline aria-label="Camera preview" className="aspect-square w-full object-cover" />
        {status === 'scanning' && (
          <div aria-hidden className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" />
        )}
        {status === 'starting' && (
          <div aria-hidden className="absolute inset-0 flex items-center justify-center text-white">
            <Camera className="h-10 w-10 animate-pulse" />
          </div>
        )}
      </div>
      <p role="status" className="mt-3 text-sm text-slate-700">
        {status === 'starting' ? 'Starting the camera…' : status === 'scanning' ? 'Looking for a QR code…' : null}
      </p>
      {typeof status === 'object' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {status.error}
        </p>
      )}
    </div>
  );
}

/** "Scan QR code": reads the voucher's QR with the camera and hands its text to `onScan`. */
export function QrScannerDialog({
  open,
  onOpenChange,
  onScan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onScan: (text: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Scan QR code" description="Point the camera at the QR code on the customer's voucher.">
        {open && (
          <CameraScanner
            onScan={(text) => {
              onOpenChange(false);
              onScan(text);
            }}
          />
        )}
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
