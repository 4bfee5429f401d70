import type { Mailer } from '../mail/mailer';

/**
 * Sends a mail that a committed transaction wrote to the outbox. A failure is logged, not thrown:
 * the mail stays in the outbox and the retry job sends it later. `what` names it in the log.
 */
export async function deliverQueuedMail(
  deps: { mailer: Mailer; log: { error(o: object, m: string): void } },
  mailId: string,
  what: string,
) {
  await deps.mailer
    .deliver(mailId)
    .catch((err: unknown) => deps.log.error({ err, mailId }, `${what} e-mail failed (it stays in the outbox for retry)`));
}
