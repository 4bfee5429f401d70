import { browseQuerySchema } from '@localperks/shared';
import { dealFacets, listDeals, searchSuggestions } from '../src/modules/catalog';

/**
 * The browse scenarios every benchmark script measures (`npm run bench`, search-explain.ts, browse-profile.ts):
 * a name, the query string, and the API route it loads. BENCH_ONLY=default,typo keeps those whose name contains
 * one of the words.
 */
export type Route = 'deals' | 'facets' | 'suggest';

const ALL: [name: string, query: string, route: Route][] = [
  ['default (newest, boosted first)', '', 'deals'],
  ['search "spa"', 'search=spa', 'deals'],
  ['search a business name', 'search=bench7%40bench', 'deals'],
  ['category + city', 'category=4&state=TX&city=Austin', 'deals'],
  ['sort price-low', 'sort=price-low', 'deals'],
  ['sort price-high', 'sort=price-high', 'deals'],
  ['sort discount', 'sort=discount', 'deals'],
  ['deep page (page 200)', 'page=200', 'deals'],
  // Issue 31: a misspelt search, facet counts, distance within 10 miles, open now, suggestions.
  ['typo search "masage"', 'search=masage', 'deals'],
  ['facet counts (search "spa")', 'search=spa', 'facets'],
  ['facet counts (all deals)', '', 'facets'],
  ['distance sort within 10 mi of 60606', 'zip=60606&sort=distance&radius=10', 'deals'],
  ['open now', 'open=1', 'deals'],
  ['suggestions "mas"', 'q=mas', 'suggest'],
];

export const SCENARIOS = ALL.filter(([name]) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').some((w) => name.includes(w)));

export const API_PATH: Record<Route, string> = { deals: '/api/deals', facets: '/api/deals/facets', suggest: '/api/search/suggest' };

/** What the API runs for one request of a scenario, without HTTP. */
export function runScenario(deps: Parameters<typeof listDeals>[0], route: Route, query: string) {
  const params = Object.fromEntries(new URLSearchParams(query));
  if (route === 'suggest') return searchSuggestions(deps, params.q!);
  if (route === 'facets') return dealFacets(deps, browseQuerySchema.parse(params));
  return listDeals(deps, browseQuerySchema.parse(params));
}
