/**
 * The engagement area's public face (docs/architecture.md). What customers do besides buying: crowd votes
 * (PerkBoost), favourites, verified reviews, and the e-mails that bring them back. Code outside the area imports only this file
 * (docs/decisions/0038-business-areas.md).
 */
export { favoritesRoutes } from './favorites/favorites.routes';
export { perkboostRoutes } from './perkboost/perkboost.routes';
export { runPerkboostTick, sendUnlockEmails } from './perkboost/perkboost.service';
export { reviewsRoutes } from './reviews/reviews.routes';
export {
  latestDealReviews,
  listBusinessReviews,
  listDealReviews,
  removeUnusedReviewPhotos,
  sendReviewRequests,
} from './reviews/reviews.service';
export { notificationsRoutes } from './notifications/notifications.routes';
export { sendNotification, unsubscribeToken, type NotificationKind, type UnsubscribeLink } from './notifications/notifications.service';
export { followsRoutes } from './follows/follows.routes';
export { sendExpiryReminders, sendSavedDealAlerts } from './reminders/reminders.service';
