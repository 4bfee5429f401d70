import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { DATA_EXPORT_TTL_MS, paths, type DataExport } from '@localperks/shared';
import {
  customerMessages,
  dataExports,
  dealVotes,
  deals,
  favorites,
  reviewReports,
  reviews,
  ledgerEntries,
  loginAttempts,
  merchantCharges,
  merchantPayouts,
  merchants,
  orderItems,
  orderRefunds,
  orders,
  paymentMethods,
  purchases,
  refundRequests,
  sessions,
  supportMessages,
  supportTickets,
  users,
} from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { AppError } from '../../../lib/errors';
import { dataExportReadyEmail } from './privacy.emails';

/** A run not finished after this long is taken to have died with its process; the job runs it again. */
const RUN_LEASE_MS = 10 * 60_000;

type Row = Record<string, unknown>;
type Section = { name: string; rows: () => Promise<Row[]> };

/** Columns never exported: secrets, and other people's identities on the merchant's sales. */
const WITHHELD = new Set(['passwordHash', 'providerPaymentMethodId']);
const clean = (rows: Row[], drop: string[] = []) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !WITHHELD.has(k) && !drop.includes(k))));

/**
 * What the ZIP holds for an account (docs/decisions/0054-privacy-rights.md): its own rows only, selected by its
 * user id (and, for a merchant, its merchant id), one section per kind of data.
 */
function sectionsOf(deps: Pick<Deps, 'db'>, user: typeof users.$inferSelect, merchantId: string | null): Section[] {
  const { db } = deps;
  const mine = <T>(rows: Promise<T[]>) => rows as unknown as Promise<Row[]>;
  const orderIds = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id));
  const ticketIds = db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.customerId, user.id));
  const sections: Section[] = [
    { name: 'profile', rows: async () => [{ ...user }] },
    { name: 'orders', rows: () => mine(db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.createdAt))) },
    { name: 'order-items', rows: () => mine(db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))) },
    {
      name: 'vouchers',
      rows: () => mine(db.select().from(purchases).where(eq(purchases.userId, user.id)).orderBy(asc(purchases.purchasedAt))),
    },
    {
      name: 'refunds',
      rows: async () => [
        ...(await mine(db.select().from(refundRequests).where(eq(refundRequests.customerId, user.id)))).map((r) => ({
          kind: 'request',
          ...r,
        })),
        ...(await mine(db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds)))).map((r) => ({
          kind: 'refund',
          ...r,
        })),
      ],
    },
    { name: 'favourites', rows: () => mine(db.select().from(favorites).where(eq(favorites.userId, user.id))) },
    { name: 'votes', rows: () => mine(db.select().from(dealVotes).where(eq(dealVotes.userId, user.id))) },
    { name: 'messages', rows: () => mine(db.select().from(customerMessages).where(eq(customerMessages.customerId, user.id))) },
    {
      name: 'tickets',
      rows: async () => [
        ...(await mine(db.select().from(supportTickets).where(eq(supportTickets.customerId, user.id)))).map((r) => ({
          kind: 'ticket',
          ...r,
        })),
        ...(await mine(db.select().from(supportMessages).where(inArray(supportMessages.ticketId, ticketIds)))).map((r) => ({
          kind: 'message',
          ...r,
        })),
      ],
    },
    // Their verified reviews (docs/decisions/0064-verified-reviews.md), with the business's reply, and their reports of others'.
    {
      name: 'reviews',
      rows: async () => [
        ...(await mine(db.select().from(reviews).where(eq(reviews.userId, user.id)).orderBy(asc(reviews.createdAt)))).map((r) => ({
          kind: 'review',
          ...r,
        })),
        ...(await mine(db.select().from(reviewReports).where(eq(reviewReports.reporterId, user.id)))).map((r) => ({
          kind: 'report',
          ...r,
        })),
      ],
    },
    {
      name: 'consents',
      rows: async () => [
        {
          consent: user.role === 'merchant' ? 'Merchant Terms and Terms of Service' : 'Terms of Service',
          givenAt: user.createdAt,
          how: 'Accepted when the account was created',
        },
        { consent: 'Service emails (verification, receipts, security notices)', givenAt: user.createdAt, how: 'Needed to run the account' },
      ],
    },
    {
      name: 'sign-in-history',
      rows: async () => [
        ...(
          await mine(db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email)).orderBy(asc(loginAttempts.createdAt)))
        ).map((r) => ({ kind: 'sign-in attempt', ...r })),
        ...clean(await mine(db.select().from(sessions).where(eq(sessions.userId, user.id))), ['id']).map((r) => ({
          kind: 'session',
          ...r,
        })),
      ],
    },
    { name: 'saved-cards', rows: () => mine(db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))) },
  ];
  if (merchantId)
    sections.push(
      { name: 'business', rows: () => mine(db.select().from(merchants).where(eq(merchants.id, merchantId))) },
      { name: 'deals', rows: () => mine(db.select().from(deals).where(eq(deals.merchantId, merchantId))) },
      {
        name: 'sales',
        // The merchant's sales, without the customers' identities (theirs to export, not the merchant's).
        rows: async () =>
          clean(await mine(db.select().from(purchases).where(eq(purchases.merchantId, merchantId))), ['userId', 'orderId', 'redeemedBy']),
      },
      { name: 'payouts', rows: () => mine(db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchantId))) },
      {
        name: 'statements',
        rows: () =>
          mine(db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, merchantId)).orderBy(asc(ledgerEntries.createdAt))),
      },
      { name: 'charges', rows: () => mine(db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, merchantId))) },
    );
  return sections;
}

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v);
function toCsv(rows: Row[]): string {
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify(
    rows.map((r) =>
      columns.map((c) => {
        const v = plain(r[c]);
        return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
      }),
    ),
    { header: true, columns },
  );
}

/** Asks for an export: one waits or runs at a time per account. Runs after the answer; the `data-exports` job picks up any left. */
export async function requestDataExport(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<string> {
  const [busy] = await deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['queued', 'running'])));
  if (busy) return busy.id;
  const [row] = await deps.db.insert(dataExports).values({ userId, createdAt: deps.clock.now() }).returning({ id: dataExports.id });
  return row!.id;
}

/**
 * Builds one export: claims it (so two runners never build it twice), writes progress after each section,
 * stores the ZIP with its expiry (DATA_EXPORT_TTL_MS) and mails the link to the account page.
 */
export async function runDataExport(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>, exportId: string) {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(dataExports)
    .set({ status: 'running', progress: 0, leaseUntil: new Date(now.getTime() + RUN_LEASE_MS) })
    .where(
      and(
        eq(dataExports.id, exportId),
        or(eq(dataExports.status, 'queued'), and(eq(dataExports.status, 'running'), lt(dataExports.leaseUntil, now))),
      ),
    )
    .returning();
  if (!claimed) return false;
  try {
    const [user] = await deps.db.select().from(users).where(eq(users.id, claimed.userId));
    const [merchant] = await deps.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, claimed.userId));
    const sections = sectionsOf(deps, user!, merchant?.id ?? null);
    const files: Record<string, Uint8Array> = {};
    for (const [i, section] of sections.entries()) {
      const rows = clean(await section.rows()).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));
      files[`${section.name}.json`] = strToU8(JSON.stringify(rows, null, 2));
      files[`${section.name}.csv`] = strToU8(toCsv(rows));
      await deps.db
        .update(dataExports)
        .set({ progress: Math.floor(((i + 1) / sections.length) * 95) })
        .where(eq(dataExports.id, exportId));
    }
    files['README.txt'] = strToU8(
      `Your LocalPerks data, exported ${deps.clock.now().toISOString()}.\nEach kind of data is in a JSON file and a CSV file of the same name. Times are in UTC; money is in cents.\n`,
    );
    const readyAt = deps.clock.now();
    const mailId = await deps.db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({
          status: 'ready',
          progress: 100,
          file: Buffer.from(zipSync(files)),
          readyAt,
          expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_TTL_MS),
          leaseUntil: null,
        })
        .where(eq(dataExports.id, exportId));
      return deps.mailer.queue(tx, dataExportReadyEmail(user!.email, `${deps.config.appUrl}${paths.profileTab('privacy')}`));
    });
    await deliverQueuedMail(deps, mailId, 'data export');
    return true;
  } catch (err) {
    deps.log.error({ err, exportId }, 'data export failed');
    await deps.db
      .update(dataExports)
      .set({ status: 'failed', error: String((err as Error).message).slice(0, 500) })
      .where(eq(dataExports.id, exportId));
    return false;
  }
}

/** The job: exports left waiting (a crash, a restart) are built; expired archives are removed. */
export async function runPendingDataExports(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>) {
  const now = deps.clock.now();
  await deps.db.delete(dataExports).where(lt(dataExports.expiresAt, now));
  const due = await deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(or(eq(dataExports.status, 'queued'), and(eq(dataExports.status, 'running'), lt(dataExports.leaseUntil, now))))
    .limit(10);
  let built = 0;
  for (const { id } of due) if (await runDataExport(deps, id)) built++;
  return { built };
}

/** The account's exports, newest first (the page shows the newest and its progress). */
export async function listDataExports(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<DataExport[]> {
  const rows = await deps.db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      progress: dataExports.progress,
      createdAt: dataExports.createdAt,
      expiresAt: dataExports.expiresAt,
      size: sql<number | null>`octet_length(${dataExports.file})`,
    })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        or(isNull(dataExports.expiresAt), sql`${dataExports.expiresAt} > ${deps.clock.now().toISOString()}::timestamptz`),
      ),
    )
    .orderBy(sql`${dataExports.createdAt} desc`)
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    progress: r.progress,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    sizeBytes: r.size === null ? null : Number(r.size),
  }));
}

/** The ZIP of one of the account's own exports, while it has not expired. */
export async function dataExportFile(deps: Pick<Deps, 'db' | 'clock'>, userId: string, id: string) {
  const [row] = await deps.db
    .select({ file: dataExports.file, expiresAt: dataExports.expiresAt, readyAt: dataExports.readyAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId), eq(dataExports.status, 'ready')));
  if (!row?.file || !row.expiresAt || row.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new AppError('NOT_FOUND', 'This download has expired. Please ask for a new one.');
  return { file: row.file, name: `localperks-data-${row.readyAt!.toISOString().slice(0, 10)}.zip` };
}
