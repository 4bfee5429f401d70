import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { responsiveImage } from '@localperks/shared';
import { writeImageVariants } from '../apps/web/vite/image-variants';

describe('build-time image variants', () => {
  it('writes every srcset entry the shared helper names for a raster image, never wider than the original, and leaves SVG alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-variants-'));
    fs.mkdirSync(path.join(dir, 'deals'));
    await sharp({ create: { width: 1000, height: 625, channels: 3, background: '#3a7' } })
      .png()
      .toFile(path.join(dir, 'deals', 'park.png'));
    fs.writeFileSync(path.join(dir, 'deals', 'tacos.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

    const written = await writeImageVariants(dir);

    const expected = responsiveImage('/images/deals/park.png', 'card')
      .sources.flatMap((s) => s.srcSet.split(', ').map((entry) => entry.split(' ')[0]!.replace('/images/', '')))
      .sort();
    expect(written.sort()).toEqual(expected);
    const widths = await Promise.all(expected.map(async (f) => (await sharp(path.join(dir, f)).metadata()).width));
    expect(widths.sort((a, b) => a - b)).toEqual([400, 400, 800, 800, 1000, 1000]);
    expect((await sharp(path.join(dir, 'deals/park-800.avif')).metadata()).format).toBe('heif');
    expect(fs.readdirSync(path.join(dir, 'deals')).filter((f) => f.startsWith('tacos'))).toEqual(['tacos.svg']);
  }, 120_000);
});
