import { useState, type ImgHTMLAttributes } from 'react';
import { ImageOff } from 'lucide-react';
import { DEAL_FALLBACK_IMAGE, responsiveImage, type ImageSlot } from '@localperks/shared';
import { cn } from '../../lib/cn';

/**
 * An image that falls back to a stock image, then to a placeholder icon (docs/product/customer-spec.md §8 Images).
 * Give it a `key` of the source so a new source starts the chain again. With a `slot`, its own image
 * comes in the responsive sizes and formats that exist for it (a <picture>), with the slot's
 * `sizes` and intrinsic width and height, so nothing shifts when it loads.
 */
export function FallbackImage({
  src,
  fallback = DEAL_FALLBACK_IMAGE,
  className,
  iconClassName,
  alt = '',
  slot,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  fallback?: string;
  iconClassName?: string;
  slot?: ImageSlot;
}) {
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
  const responsive = slot ? responsiveImage(stage === 'own' && src ? src : fallback, slot) : null;
  const img = (
    <img
      {...(responsive && { width: responsive.width, height: responsive.height, sizes: responsive.sizes })}
      {...props}
      alt={alt}
      src={responsive?.src ?? (stage === 'own' && src ? src : fallback)}
      className={className}
      onError={() => setStage((s) => (s === 'own' ? 'fallback' : 'icon'))}
    />
  );
  if (!responsive) return img;
  // `display: contents`: the <picture> takes no box of its own, so the image's size and object-fit
  // apply against the slot's frame (an 8:5 card shows any upload cropped to 8:5, not at its own ratio).
  // A slotted image is always in a <picture>, even without sources: React then leaves its preload to
  // the server, which preloads the page's LCP image once, with its responsive sources (lib/web-page.ts).
  return (
    <picture className="contents">
      {responsive.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={responsive.sizes} />
      ))}
      {img}
    </picture>
  );
}
