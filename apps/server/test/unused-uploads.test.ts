import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeUnusedUploads } from '../src/modules/merchant';
import { build } from './build';
import { fixedClock } from './clock';
import { createDeal, createMerchant } from './factories';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-uploads-'));
const t = await build({ env: { DATA_DIR: dataDir } });
const storage = t.app.storage;
const HOUR = 3_600_000;

/** An uploaded image as the upload route stores it: the gallery size and its thumbnail. */
async function uploaded() {
  const id = randomUUID();
  await storage.put(`deals/${id}.webp`, Buffer.from('RIFF....WEBP'), 'image/webp');
  await storage.put(`deals/${id}-sm.webp`, Buffer.from('RIFF....WEBP'), 'image/webp');
  return { url: `/uploads/deals/${id}.webp`, keys: [`deals/${id}.webp`, `deals/${id}-sm.webp`] };
}

describe('unused uploaded images', () => {
  it('are removed, both sizes, once a day old; images a deal uses (live or removed) stay', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const orphan = await uploaded();
    const inGallery = await uploaded();
    const cover = await uploaded();
    const ofRemovedDeal = await uploaded();
    await createDeal(t.database.db, merchant.id, { images: [cover.url, inGallery.url], imageUrl: cover.url });
    await createDeal(t.database.db, merchant.id, { images: [ofRemovedDeal.url], imageUrl: ofRemovedDeal.url, status: 'removed' });
    // The files' age is their real modification time; the job reads the app's clock.
    const now = Date.now();
    const at = (ms: number) => ({ ...t.app.deps, clock: fixedClock(ms) });

    // Younger than a day: a merchant may still be filling in the deal form.
    expect(await removeUnusedUploads(at(now + 23 * HOUR))).toEqual([]);
    expect(await storage.exists(orphan.keys[0]!)).toBe(true);

    const removed = await removeUnusedUploads(at(now + 25 * HOUR));
    expect(removed.sort()).toEqual([...orphan.keys].sort());
    for (const key of orphan.keys) expect(await storage.exists(key)).toBe(false);
    for (const img of [inGallery, cover, ofRemovedDeal]) for (const key of img.keys) expect(await storage.exists(key), key).toBe(true);
    const served = await t.request({ method: 'GET', url: cover.url });
    expect(served.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: orphan.url })).statusCode).toBe(404);
  });
});
