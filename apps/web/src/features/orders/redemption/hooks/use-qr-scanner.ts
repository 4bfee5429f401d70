import { useEffect, useState } from 'react';

/** The parts of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const detectorClass = (): BarcodeDetectorClass | undefined =>
  'BarcodeDetector' in window ? (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector : undefined;

export const createQrDetector = (): BarcodeDetectorLike | null => {
  const Detector = detectorClass();
  return Detector ? new Detector({ formats: ['qr_code'] }) : null;
};

/**
 * Whether this browser can read QR codes from the camera: the Barcode Detection API with `qr_code`
 * and a camera API (secure pages only). Where it cannot, the code is typed instead.
 */
export function useCanScanQr(): boolean {
  const [canScan, setCanScan] = useState(false);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector || !navigator.mediaDevices?.getUserMedia) return;
    let isCurrent = true;
    Detector.getSupportedFormats()
      .then((formats) => isCurrent && setCanScan(formats.includes('qr_code')))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  return canScan;
}
