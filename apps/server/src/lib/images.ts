import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MERCHANT_DEAL_MESSAGES, UPLOAD_IMAGE_WIDTHS, UPLOAD_ORIGINAL_WIDTH } from '@localperks/shared';
import type { Deps } from './deps';
import { AppError } from './errors';
import { UPLOADS_PATH } from './storage';

/*
 * Uploaded images, checked and stored in every web size: deal photos (merchant area) and business
 * logos and covers (catalog area) both come through here, so it sits below the areas.
 */

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG, PNG or WebP by the file's first bytes (never by its name or declared type). */
export function sniffImageType(b: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (JPEG.every((x, i) => b[i] === x)) return 'jpeg';
  if (PNG.every((x, i) => b[i] === x)) return 'png';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Web sizes of every uploaded image, all WebP, stored as `deals/<id><suffix>.webp` beside each other:
 * the original (gallery) size, the responsive widths of UPLOAD_IMAGE_WIDTHS that the pages' `srcset`
 * names (`-400`, `-800`), and the `-sm` thumbnail of the merchant's form. Every key starting
 * `deals/<id>` is served, and removed with its image by the clean-up job. AVIF is left out on purpose:
 * sharp took 2-19 s per image on this 2-core machine, too slow for the upload request
 * (docs/decisions/0012-object-storage.md).
 */
export const IMAGE_SIZES: readonly { suffix: string; format: 'webp'; maxWidth: number; maxHeight: number; quality: number }[] = [
  { suffix: '', format: 'webp', maxWidth: UPLOAD_ORIGINAL_WIDTH, maxHeight: 900, quality: 80 },
  ...UPLOAD_IMAGE_WIDTHS.map((w) => ({
    suffix: `-${w}`,
    format: 'webp' as const,
    maxWidth: w,
    maxHeight: Math.round((w * 3) / 4),
    quality: 78,
  })),
  { suffix: '-sm', format: 'webp', maxWidth: 480, maxHeight: 360, quality: 75 },
];

/**
 * Checks an uploaded image by content, decodes it once (a file that only looks like an image fails
 * here), and stores it resized to every web size. Returns the public URL of the gallery size.
 */
export async function storeDealImage(
  { storage }: Pick<Deps, 'storage'>,
  data: Buffer,
  /** Business page logos and covers, and review photos, go beside deal images in folders of their own. */
  folder: 'deals' | 'businesses' | 'reviews' = 'deals',
): Promise<{ url: string; thumbnailUrl: string; width: number; height: number }> {
  if (!sniffImageType(data))
    throw new AppError('VALIDATION', MERCHANT_DEAL_MESSAGES.uploadNotImage, { file: MERCHANT_DEAL_MESSAGES.uploadNotImage });
  const id = randomUUID();
  let resized: { data: Buffer; info: { width: number; height: number } }[];
  try {
    const decoded = sharp(data, { limitInputPixels: 50_000_000 }).rotate();
    resized = await Promise.all(
      IMAGE_SIZES.map((size) =>
        decoded
          .clone()
          .resize({ width: size.maxWidth, height: size.maxHeight, fit: 'inside', withoutEnlargement: true })
          .toFormat(size.format, { quality: size.quality })
          .toBuffer({ resolveWithObject: true }),
      ),
    );
  } catch {
    throw new AppError('VALIDATION', MERCHANT_DEAL_MESSAGES.uploadNotImage, { file: MERCHANT_DEAL_MESSAGES.uploadNotImage });
  }
  // A storage that fails midway (bucket or disk unavailable) is an outage, answered 503 (ops/outages.ts), not a
  // bad image; the sizes already written are removed, so no half image is left for a deal to name.
  const keys = IMAGE_SIZES.map((size) => `${folder}/${id}${size.suffix}.${size.format}`);
  try {
    for (const [i, size] of IMAGE_SIZES.entries()) await storage.put(keys[i]!, resized[i]!.data, `image/${size.format}`);
  } catch (err) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
    throw err;
  }
  const { width, height } = resized[0]!.info;
  return {
    url: storage.publicUrl(`${UPLOADS_PATH}${folder}/${id}.webp`),
    thumbnailUrl: storage.publicUrl(`${UPLOADS_PATH}${folder}/${id}-sm.webp`),
    width,
    height,
  };
}
