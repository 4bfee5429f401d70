import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
// By path, not '@localperks/shared': Vite loads its config with Node, which cannot import the package's TypeScript entry.
import { BUILD_IMAGE_FORMATS, BUILD_IMAGE_WIDTHS, imageVariantUrl } from '../../../packages/shared/src/domain/responsive-image';

const RASTER = /\.(png|jpe?g|webp)$/i;
const VARIANT = /-\d+\.(webp|avif)$/i;

/**
 * Writes the responsive variants of every raster image under `dir` beside it, named as the shared
 * helper expects (`<name>-<width>.<format>`, packages/shared/src/domain/responsive-image.ts): each
 * width of BUILD_IMAGE_WIDTHS in AVIF and WebP, never wider than the original (a narrower original is
 * copied at its own width, so every srcset entry exists). SVG files are vectors and are left alone.
 * Returns the files written, relative to `dir`.
 */
export async function writeImageVariants(dir: string): Promise<string[]> {
  const names = (await fs.readdir(dir, { recursive: true }).catch(() => [] as string[])).map((n) => n.split(path.sep).join('/'));
  const written: string[] = [];
  for (const name of names) {
    if (!RASTER.test(name) || VARIANT.test(name)) continue;
    const input = await fs.readFile(path.join(dir, name));
    for (const width of BUILD_IMAGE_WIDTHS) {
      const resized = sharp(input).rotate().resize({ width, withoutEnlargement: true });
      for (const format of BUILD_IMAGE_FORMATS) {
        const out = imageVariantUrl(name, width, format);
        const data = await (
          format === 'avif' ? resized.clone().avif({ quality: 50, effort: 4 }) : resized.clone().webp({ quality: 75 })
        ).toBuffer();
        await fs.writeFile(path.join(dir, out), data);
        written.push(out);
      }
    }
  }
  return written;
}

/** At the end of a build, the variants of the app's raster images (public/images → dist/images). */
export function imageVariants(): Plugin {
  let outDir = 'dist';
  return {
    name: 'localperks:image-variants',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await writeImageVariants(path.join(outDir, 'images'));
      if (written.length) this.info(`${written.length} image variants written`);
    },
  };
}
