import type { HomeData } from '@localperks/shared';
import type { Deps } from '../../../lib/deps';
import { featuredBusinesses } from '../businesses/business-search.service';
import { homeSections } from './deals.service';

/** Everything the home page shows from the server: its deal sections and the featured (boosted) businesses. */
export async function homePageData(deps: Pick<Deps, 'db' | 'clock' | 'storage'>): Promise<HomeData> {
  const [sections, businesses] = await Promise.all([homeSections(deps), featuredBusinesses(deps)]);
  return { ...sections, featuredBusinesses: businesses };
}
