/**
 * The support area's public face (docs/architecture.md). Talking to people: support tickets and their admin
 * replies, and messages between customers and merchants. Code outside the area imports only this file
 * (docs/decisions/0038-business-areas.md).
 */
export { adminCustomersRoutes } from './admin-customers/admin-customers.routes';
export { adminSupportRoutes } from './admin-support/admin-support.routes';
export { addTicketNote, assignTicket, replyToTicket, setTicketStatus } from './admin-support/admin-support.service';
export { customerMessagesRoutes } from './customer-messages/customer-messages.routes';
export { supportRoutes } from './support/support.routes';
export { addMyMessage, openContactTicket, openMyTicket } from './support/support.service';
export { privacyRoutes } from './privacy/privacy.routes';
export { runPendingDataExports } from './privacy/data-export.service';
