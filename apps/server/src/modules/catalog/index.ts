/**
 * The catalog area's public face (docs/architecture.md). What customers browse: deals, business pages, search,
 * and the view and click counts of deals. Code outside the area imports only this file
 * (docs/decisions/0038-business-areas.md).
 */
export { businessSearchRoutes } from './businesses/business-search.routes';
export { searchBusinesses } from './businesses/business-search.service';
export { businessesRoutes } from './businesses/businesses.routes';
export { getBusinessPage, listedBusinesses, removeUnusedBusinessImages } from './businesses/businesses.service';
export { countDealVisit, hourOf, isCountedVisitor } from './deals/deal-visits';
export { dealsRoutes } from './deals/deals.routes';
export {
  businessIsPublic,
  escapeLike,
  getDeal,
  matchesSearch,
  ratingAverage,
  startScheduledDeals,
  summaryColumns,
  visibleNow,
} from './deals/deals.service';
export { listDeals } from './deals/browse.service';
export { addressColumns, placeOf, saveMerchantAddress } from './location/address.service';
export { geocodeZip } from './location/geocode';
export { homePageData } from './deals/home.service';
export {
  liveOptions,
  liveOptionsOf,
  optionsForSale,
  refreshFromPrice,
  returnStock,
  saveDealOptions,
  takeStock,
  type SaleOption,
} from './deals/deal-options.service';
export { dealWithdrawn } from './deals/deal-events';
export { dealFacets } from './search/facets.service';
export { searchSuggestions } from './search/suggest.service';
