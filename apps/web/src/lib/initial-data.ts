import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, queryKeys, type BrowseResult, type DealDetail, type HomeData } from '@localperks/shared';

/**
 * The server embeds the first screen's data in the page (see apps/server/src/lib/html-head.ts);
 * seeding the query cache with it lets home, browse and deal pages render without another round trip.
 */
export function seedInitialData(queryClient: QueryClient) {
  const el = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!el?.textContent) return;
  try {
    const data = JSON.parse(el.textContent) as {
      home?: HomeData | null;
      deal?: DealDetail;
      browse?: { key: Record<string, unknown>; result: BrowseResult } | null;
    };
    if (data.home) queryClient.setQueryData(queryKeys.home, data.home);
    if (data.deal) queryClient.setQueryData(queryKeys.dealDetail(data.deal.id), { deal: data.deal });
    // The browse page's infinite query: its first page, under the key the page computes from the URL.
    if (data.browse) queryClient.setQueryData(queryKeys.dealsBrowse(data.browse.key), { pages: [data.browse.result], pageParams: [1] });
  } catch {
    /* a broken block only costs the round trip it was meant to save */
  }
  el.remove();
}
