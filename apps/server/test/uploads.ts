import sharp from 'sharp';

const DAY = 86_400_000;

/** A PNG of the given size, as a merchant would upload it. */
export function pngBytes(width = 1600, height = 1000) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

/** A multipart upload request body with one file field. */
export function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = `----lp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid body for POST/PUT /api/merchant/deals, with the given fields replaced. */
export const dealInput = (o: Record<string, unknown> = {}) => ({
  title: 'Two-course dinner for two',
  description: 'A seasonal two-course dinner for two at our riverside bistro.',
  highlights: ['Seasonal menu', ' ', 'Riverside seating'],
  finePrint: 'Valid Monday to Thursday.',
  categoryId: 1,
  city: 'Chicago',
  state: 'IL',
  originalPriceCents: 8000,
  dealPriceCents: 5000,
  expirationDate: new Date(Date.now() + 30 * DAY).toISOString(),
  images: [] as string[],
  ...o,
});
