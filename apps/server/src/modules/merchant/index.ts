/**
 * The merchant area's public face (docs/architecture.md). Merchants' work: registration and its vetting, the
 * dashboard, their deals, boosts, analytics, and the admins' overview of merchants and deals. Code outside the
 * area imports only this file (docs/decisions/0038-business-areas.md).
 */
export { adminBusinessesRoutes } from './admin-businesses/admin-businesses.routes';
export { adminMerchantsRoutes } from './admin-merchants/admin-merchants.routes';
export { adminRecordsRoutes } from './admin-records/admin-records.routes';
export { adminOverviewRoutes } from './admin-overview/admin-overview.routes';
export { boostsRoutes } from './boosts/boosts.routes';
export { endExpiredBoosts } from './boosts/boosts.service';
export { merchantAnalyticsRoutes } from './merchant-analytics/merchant-analytics.routes';
export { merchantDashboardRoutes } from './merchant-dashboard/merchant-dashboard.routes';
export { merchantDealsRoutes } from './merchant-deals/merchant-deals.routes';
export { removeUnusedUploads } from './merchant-deals/merchant-deals.service';
export { sendBoostRefunds } from './merchant-deals/deal-removal.service';
export { merchantStaffRoutes } from './merchant-staff/merchant-staff.routes';
export { merchantsRoutes } from './merchants/merchants.routes';
export { registerMerchantPaidCharges } from './paid-charges';
export { registerMerchantSubscribers } from './subscribers';
