/**
 * Responsive sizes of deal images (docs/decisions/0015-serving-and-web-performance.md).
 *
 * Naming convention: the variants of an image sit beside it as `<name>-<width>.<format>`, e.g.
 * `/images/deals/pizza.jpg` has `/images/deals/pizza-400.webp`, `pizza-400.avif`, `pizza-800.webp`…
 * Raster images shipped with the web app get them at build time (apps/web/vite/image-variants.ts).
 * Uploaded images get them from the upload pipeline: `<id>-<width>.webp` for every width in
 * UPLOAD_IMAGE_WIDTHS, beside the original `<id>.webp`, which is at most UPLOAD_ORIGINAL_WIDTH wide.
 * SVG images are vectors: one file fits every width, so they never get a srcset.
 */

/** The stock image a deal without one (or whose own fails to load) shows instead (docs/product/customer-spec.md §8 Images). */
export const DEAL_FALLBACK_IMAGE = '/images/deal-fallback.svg';

/** Widths made at build time for raster images under /images, in WebP and AVIF. */
export const BUILD_IMAGE_WIDTHS = [400, 800, 1200] as const;
export const BUILD_IMAGE_FORMATS = ['avif', 'webp'] as const;

/**
 * Widths the upload pipeline stores beside each upload as `<id>-<width>.webp` (WebP only: AVIF is too
 * slow to encode inside the upload request on a small server). The original is the widest source.
 */
export const UPLOAD_IMAGE_WIDTHS = [400, 800] as const;
/** The largest width an upload is stored at (`<id>.webp`): the widest source of its srcset. */
export const UPLOAD_ORIGINAL_WIDTH = 1200;

/** Where an image is shown: its `sizes` (CSS width per viewport) and its intrinsic box (width/height attributes, no layout shift). */
export const IMAGE_SLOTS = {
  /** A deal card: one column on phones, two from 640 px, three or four from 1024 px (max-w-7xl grid). */
  card: { sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw', width: 800, height: 500 },
  /** The main image of the deal page: the wider of two columns (3fr of 5) from 1024 px. The home page's hero is text. */
  deal: { sizes: '(min-width: 1280px) 740px, (min-width: 1024px) 60vw, 100vw', width: 1200, height: 750 },
  /** The cover image across the top of a business page (max-w-7xl). */
  cover: { sizes: '(min-width: 1280px) 1248px, 100vw', width: 1200, height: 400 },
  /** A business logo: a small square beside its name. */
  logo: { sizes: '96px', width: 96, height: 96 },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;

export interface ImageSource {
  type: `image/${(typeof BUILD_IMAGE_FORMATS)[number]}`;
  srcSet: string;
}

export interface ResponsiveImage {
  src: string;
  /** `<source>` elements of a `<picture>`, best format first; empty when the image has no variants. */
  sources: ImageSource[];
  sizes?: string;
  width: number;
  height: number;
}

const RASTER = /^(.*)\.(png|jpe?g|webp)$/i;

/** The URL of one variant: `<name>-<width>.<format>`. */
export function imageVariantUrl(url: string, width: number, format: string): string {
  const m = RASTER.exec(url);
  if (!m) return url;
  return `${m[1]}-${width}.${format}`;
}

/** Which widths and formats exist for an image URL, by the naming convention above. */
function variantsOf(url: string): { widths: readonly number[]; formats: readonly string[]; original?: number } | null {
  const path = url.split(/[?#]/)[0]!;
  if (!RASTER.test(path)) return null; // SVG, data: URLs, unknown kinds
  // A variant is never the base of another variant.
  if (/-\d+\.(webp|avif)$/i.test(path)) return null;
  if (path.startsWith('/images/')) return { widths: BUILD_IMAGE_WIDTHS, formats: BUILD_IMAGE_FORMATS };
  // Uploads are WebP already: the original is the widest WebP source, not a variant of its own.
  if (/^\/uploads\/deals\/[0-9a-f-]{36}\.webp$/i.test(path))
    return { widths: UPLOAD_IMAGE_WIDTHS, formats: ['webp'], original: UPLOAD_ORIGINAL_WIDTH };
  return null;
}

/**
 * The `<picture>` sources, sizes and intrinsic box for an image URL in a slot. Without variants (SVG,
 * an upload made before variants existed, another host) it is the original URL alone.
 */
export function responsiveImage(url: string, slot: ImageSlot): ResponsiveImage {
  const { sizes, width, height } = IMAGE_SLOTS[slot];
  const variants = variantsOf(url);
  if (!variants) return { src: url, sources: [], width, height };
  const sources = variants.formats.map((format) => ({
    type: `image/${format}` as ImageSource['type'],
    srcSet: [
      ...variants.widths.map((w) => `${imageVariantUrl(url, w, format)} ${w}w`),
      ...(variants.original ? [`${url} ${variants.original}w`] : []),
    ].join(', '),
  }));
  return { src: url, sources, sizes, width, height };
}
