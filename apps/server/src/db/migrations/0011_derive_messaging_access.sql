-- Messaging access is derived from plan, approval and subscription (shared hasMessagingAccess), never stored.
ALTER TABLE "merchants" DROP COLUMN "has_messaging";