import { describe, expect, it } from 'vitest';
import { IMAGE_SLOTS, imageVariantUrl, responsiveImage } from './responsive-image';

describe('responsiveImage', () => {
  it('gives AVIF then WebP sources of the build widths for a raster image shipped with the app', () => {
    const img = responsiveImage('/images/deals/pizza.jpg', 'card');
    expect(img.src).toBe('/images/deals/pizza.jpg');
    expect(img.sources).toEqual([
      {
        type: 'image/avif',
        srcSet: '/images/deals/pizza-400.avif 400w, /images/deals/pizza-800.avif 800w, /images/deals/pizza-1200.avif 1200w',
      },
      {
        type: 'image/webp',
        srcSet: '/images/deals/pizza-400.webp 400w, /images/deals/pizza-800.webp 800w, /images/deals/pizza-1200.webp 1200w',
      },
    ]);
    expect(img.sizes).toBe(IMAGE_SLOTS.card.sizes);
    expect([img.width, img.height]).toEqual([800, 500]);
  });

  it('serves an SVG as itself, with the slot’s box so nothing shifts', () => {
    const img = responsiveImage('/images/deals/tacos.svg', 'deal');
    expect(img).toEqual({ src: '/images/deals/tacos.svg', sources: [], width: 1200, height: 750 });
  });

  it('gives an upload the widths the upload pipeline stores, with the original as the widest', () => {
    const url = '/uploads/deals/0b7c4c9e-8d7e-4d8e-9c61-0d3b8c1f6a52.webp';
    const img = responsiveImage(url, 'deal');
    expect(img.sources).toEqual([
      {
        type: 'image/webp',
        srcSet: `/uploads/deals/0b7c4c9e-8d7e-4d8e-9c61-0d3b8c1f6a52-400.webp 400w, /uploads/deals/0b7c4c9e-8d7e-4d8e-9c61-0d3b8c1f6a52-800.webp 800w, ${url} 1200w`,
      },
    ]);
    expect(img.sizes).toBe(IMAGE_SLOTS.deal.sizes);
    // The thumbnail and the sized files are never the base of a srcset of their own.
    expect(responsiveImage(url.replace('.webp', '-sm.webp'), 'card').sources).toEqual([]);
    expect(responsiveImage(url.replace('.webp', '-400.webp'), 'card').sources).toEqual([]);
  });

  it('never treats a variant or another host’s image as having variants', () => {
    expect(responsiveImage('/images/deals/pizza-800.webp', 'card').sources).toEqual([]);
    expect(responsiveImage('https://cdn.example.com/pizza.jpg', 'card').sources).toEqual([]);
    expect(responsiveImage('data:image/png;base64,AAAA', 'card').sources).toEqual([]);
  });

  it('names variants <name>-<width>.<format>', () => {
    expect(imageVariantUrl('/images/a/b.png', 400, 'webp')).toBe('/images/a/b-400.webp');
    expect(imageVariantUrl('/images/a/b.svg', 400, 'webp')).toBe('/images/a/b.svg');
  });
});
