import { useState } from 'react';
import { toast } from '../../../lib/toast';

/**
 * The browser's position, asked for on a press ("Use my location", "Use my position"): `locate` calls
 * back with it, or says it could not be had; `isLocating` while the browser looks.
 */
export function useBrowserPosition() {
  const [isLocating, setIsLocating] = useState(false);
  const locate = (onFound: (point: { lat: number; lng: number }) => void) => {
    const fail = () => {
      setIsLocating(false);
      toast.error('Location Error', { description: 'Unable to get your current location' });
    };
    if (!('geolocation' in navigator)) return fail();
    setIsLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setIsLocating(false);
        onFound({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      fail,
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    );
  };
  return { isLocating, locate };
}
