/**
 * The platform area's public face (docs/architecture.md). Running the marketplace: the admins' audit trail,
 * their notifications and settings (admins), health, the dev mailbox and the live message events. Code outside
 * the area imports only this file (docs/decisions/0038-business-areas.md).
 */
export { adminNotificationsRoutes } from './admin-notifications/admin-notifications.routes';
export { REGISTRATION_REPLY, notifyAdmins, resolveAdminNotifications } from './admin-notifications/admin-notifications.service';
export { adminSettingsRoutes } from './admin-settings/admin-settings.routes';
export { recordAudit } from './audit/audit';
export { canSee, messageEventsRoutes } from './system/message-events.routes';
export { devMailboxRoutes, systemRoutes } from './system/system.routes';
export { consoleTable, consoleTablesRoutes } from './console-tables/console-tables.routes';
// The table definitions themselves, for the console tables' benchmark (apps/server/bench/console-tables.ts).
export * as adminTables from './console-tables/admin-tables';
export * as merchantTables from './console-tables/merchant-tables';
export { voucherStatus } from './console-tables/admin-tables';
