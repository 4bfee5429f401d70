import { and, desc, eq, sql } from 'drizzle-orm';
import type { SearchSuggestions } from '@localperks/shared';
import { deals, merchants } from '../../../db/schema';
import { businessIsPublic, escapeLike, visibleNow, type DealReadDeps } from '../deals/deals.service';
import { matchesQuery, prepareSearch, tsQueryText } from './search-query';
import { categoriesMatching } from './synonyms';

/** What the header search offers: up to 5 deals, 3 businesses and the categories a query names. */
export const SUGGESTED_DEALS = 5;
export const SUGGESTED_BUSINESSES = 3;

/**
 * GET /api/search/suggest (docs/decisions/0050-search.md): the words so far, the last one as a prefix,
 * misspellings corrected. Deals whose title matches come before those whose business name does;
 * each read stops after its few rows (GIN or the newest-first index, as the planner finds cheaper).
 */
export async function searchSuggestions(deps: DealReadDeps, q: string): Promise<SearchSuggestions> {
  const { db } = deps;
  const now = deps.clock.now();
  const search = await prepareSearch(db, q, { prefixLast: true });
  if (!search.words.length) return { deals: [], businesses: [], categories: [] };
  const dealColumns = { id: deals.id, title: deals.title, merchantName: merchants.businessName, city: deals.city, state: deals.state };
  const dealsMatching = (weights: string, limit: number, except?: string) =>
    db
      .select(dealColumns)
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(
        and(
          visibleNow(now),
          matchesQuery(tsQueryText(search.expanded, weights)),
          except ? sql`not (${matchesQuery(tsQueryText(search.expanded, except))})` : undefined,
        ),
      )
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(limit);
  const typed = q.trim().toLowerCase();
  const name = sql`lower(${merchants.businessName})`;
  const [inTitle, businesses] = await Promise.all([
    dealsMatching('A', SUGGESTED_DEALS),
    db
      .select({ slug: merchants.slug, name: merchants.businessName, city: merchants.city, state: merchants.state })
      .from(merchants)
      .where(and(businessIsPublic, sql`(${name} like ${`%${escapeLike(typed)}%`} or ${typed} <% ${name})`))
      .orderBy(sql`${name} like ${`${escapeLike(typed)}%`} desc`, sql`word_similarity(${typed}, ${name}) desc`, merchants.businessName)
      .limit(SUGGESTED_BUSINESSES),
  ]);
  const byName = inTitle.length < SUGGESTED_DEALS ? await dealsMatching('AB', SUGGESTED_DEALS - inTitle.length, 'A') : [];
  const words = [...new Set([...search.words, ...search.exact.flatMap((g) => g.map((a) => a.word))])];
  return {
    deals: [...inTitle, ...byName],
    businesses,
    categories: categoriesMatching(words).map((c) => ({ id: c.id, name: c.name })),
  };
}
