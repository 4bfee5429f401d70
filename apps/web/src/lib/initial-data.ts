import type { QueryClient } from '@tanstack/react-query';
import type { DealDetail, HomeData } from '@localperks/shared';

/**
 * The server embeds the first screen's data in the page (see apps/server/src/lib/html-head.ts);
 * seeding the query cache with it lets home and deal pages render without another round trip.
 */
export function seedInitialData(queryClient: QueryClient) {
  const el = document.getElementById('lp-initial-data');
  if (!el?.textContent) return;
  try {
    const data = JSON.parse(el.textContent) as { home?: HomeData | null; deal?: DealDetail };
    if (data.home) queryClient.setQueryData(['home'], data.home);
    if (data.deal) queryClient.setQueryData(['deals', 'detail', data.deal.id], { deal: data.deal });
  } catch {
    /* a broken block only costs the round trip it was meant to save */
  }
  el.remove();
}
