import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase } from '../../../../test/build';
import { createMerchant } from '../../../../test/factories';
import { merchantSlugRedirects, merchants } from '../../../db/schema';

const database = await freshDatabase();
afterAll(() => database.close());
const { db } = database;

async function rename(id: string, businessName: string) {
  const [row] = await db.update(merchants).set({ businessName }).where(eq(merchants.id, id)).returning({ slug: merchants.slug });
  return row!.slug;
}

async function redirectsOf(id: string) {
  const rows = await db
    .select({ slug: merchantSlugRedirects.slug })
    .from(merchantSlugRedirects)
    .where(eq(merchantSlugRedirects.merchantId, id));
  return rows.map((r) => r.slug).sort();
}

describe('business page slugs (set by the database)', () => {
  it('derives the slug from the business name on insert', async () => {
    const { merchant } = await createMerchant(db, { businessName: "Zoë's Café & Bar — Loop" });
    expect(merchant.slug).toBe('zo-s-caf-bar-loop');
  });

  it('gives a second business with the same name its own slug, and a name without letters a fallback', async () => {
    const a = await createMerchant(db, { businessName: 'Slug Twin Bakery' });
    const b = await createMerchant(db, { businessName: 'Slug  Twin  Bakery!' });
    const c = await createMerchant(db, { businessName: '!!!' });
    expect(a.merchant.slug).toBe('slug-twin-bakery');
    expect(b.merchant.slug).toBe('slug-twin-bakery-2');
    expect(c.merchant.slug).toMatch(/^business(-\d+)?$/);
  });

  it('keeps the old slug as a redirect when the name changes, and ignores a direct slug edit', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Renamed Diner' });
    expect(await rename(merchant.id, 'Renamed Diner 2.0')).toBe('renamed-diner-2-0');
    expect(await redirectsOf(merchant.id)).toEqual(['renamed-diner']);
    // A change that keeps the same slug writes no redirect.
    expect(await rename(merchant.id, 'RENAMED diner 2.0')).toBe('renamed-diner-2-0');
    expect(await redirectsOf(merchant.id)).toEqual(['renamed-diner']);
    // Back to the first name: its slug comes back and is no longer a redirect.
    expect(await rename(merchant.id, 'Renamed Diner')).toBe('renamed-diner');
    expect(await redirectsOf(merchant.id)).toEqual(['renamed-diner-2-0']);
    const [edited] = await db.update(merchants).set({ slug: 'hijack' }).where(eq(merchants.id, merchant.id)).returning();
    expect(edited!.slug).toBe('renamed-diner');
  });

  it("never hands out another business's old slug", async () => {
    const first = await createMerchant(db, { businessName: 'Old Name Tavern' });
    await rename(first.merchant.id, 'New Name Tavern');
    const second = await createMerchant(db, { businessName: 'Old Name Tavern' });
    expect(second.merchant.slug).toBe('old-name-tavern-2');
  });

  it('gives two businesses registering the same name at once different slugs', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => createMerchant(db, { businessName: 'Parallel Pizza' })));
    const slugs = results.map((r) => r.merchant.slug).sort();
    expect(new Set(slugs).size).toBe(4);
    expect(slugs[0]).toBe('parallel-pizza');
  });
});
