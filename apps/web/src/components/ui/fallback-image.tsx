import { useState, type ImgHTMLAttributes } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '../../lib/cn';

export const DEAL_FALLBACK_IMAGE = '/images/deal-fallback.svg';

/**
 * An image that falls back to a stock image, then to a placeholder icon (customer.md §8 Images).
 * Give it a `key` of the source so a new source starts the chain again.
 */
export function FallbackImage({
  src,
  fallback = DEAL_FALLBACK_IMAGE,
  className,
  iconClassName,
  alt = '',
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined; fallback?: string; iconClassName?: string }) {
  const [stage, setStage] = useState<'own' | 'fallback' | 'icon'>(src ? 'own' : 'fallback');
  if (stage === 'icon') {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        className={cn('flex items-center justify-center bg-slate-100 text-slate-500', className)}
      >
        <ImageOff aria-hidden className={cn('h-10 w-10', iconClassName)} />
      </div>
    );
  }
  return (
    <img
      {...props}
      alt={alt}
      src={stage === 'own' && src ? src : fallback}
      className={className}
      onError={() => setStage((s) => (s === 'own' ? 'fallback' : 'icon'))}
    />
  );
}
