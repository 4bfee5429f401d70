import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MERCHANT_DEAL_MESSAGES as M } from '@localperks/shared';
import { deals } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createBoostDeal, createMerchantSession } from '../../../../test/factories';
import { dealInput } from '../../../../test/uploads';

const t = await build();
const db = t.database.db;
const DAY = 86_400_000;

/** A crowd-vote deal at $15.00 (was $40.00), voting for a week, with `votes` votes so far. */
async function votingDeal(votes: number) {
  const m = await createMerchantSession(t);
  const deal = await createBoostDeal(db, m.merchant.id, 50, votes, { originalPriceCents: 4000, dealPriceCents: 1500 });
  // The form sends every field back as stored (the expiration, after the voting window, too).
  const body = (o: Record<string, unknown> = {}) =>
    dealInput({
      originalPriceCents: 4000,
      dealPriceCents: 1500,
      finePrint: deal.finePrint,
      expirationDate: deal.expirationDate.toISOString(),
      ...o,
    });
  const put = (o: Record<string, unknown> = {}) =>
    t.request({ method: 'PUT', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie, payload: body(o) });
  const row = async () => (await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!;
  return { m, deal, put, row };
}

describe('the crowd-vote lock (docs/product/design.md §4)', () => {
  it('refuses a price raise on a crowd-vote deal that has a vote: 409, the fields named, nothing written', async () => {
    const { put, row, deal } = await votingDeal(1);
    const res = await put({ dealPriceCents: 2900 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: M.crowdVoteLocked,
      fields: { dealPriceCents: M.crowdVoteLockedField },
    });
    const original = await put({ originalPriceCents: 5000, dealPriceCents: 1200 });
    expect(original.statusCode).toBe(409);
    expect(original.json().error.fields).toEqual({ originalPriceCents: M.crowdVoteLockedField, dealPriceCents: M.crowdVoteLockedField });
    expect(await row()).toMatchObject({ dealPriceCents: 1500, originalPriceCents: 4000, title: deal.title, votesRequired: 50 });
  });

  it('locks the fine print and the expiration date of a voted deal too: 409, the fields named, nothing written (issue 39)', async () => {
    const { put, row, deal } = await votingDeal(1);
    const finePrint = await put({ finePrint: 'Now valid on weekdays only.' });
    expect(finePrint.statusCode).toBe(409);
    expect(finePrint.json().error).toEqual({ code: 'CONFLICT', message: M.crowdVoteLocked, fields: { finePrint: M.crowdVoteLockedField } });
    const later = await put({ expirationDate: new Date(deal.expirationDate.getTime() + 10 * DAY).toISOString() });
    expect(later.statusCode).toBe(409);
    expect(later.json().error.fields).toEqual({ expirationDate: M.crowdVoteLockedField });
    const sooner = await put({ expirationDate: new Date(deal.expirationDate.getTime() - DAY).toISOString(), finePrint: 'Changed' });
    expect(sooner.json().error.fields).toEqual({ expirationDate: M.crowdVoteLockedField, finePrint: M.crowdVoteLockedField });
    expect(await row()).toMatchObject({ finePrint: deal.finePrint, expirationDate: deal.expirationDate });
  });

  it('lets the merchant change the fine print and the expiration date while nobody has voted yet', async () => {
    const { put, row, deal } = await votingDeal(0);
    const expirationDate = new Date(deal.expirationDate.getTime() + 10 * DAY);
    expect((await put({ finePrint: 'Weekdays only.', expirationDate: expirationDate.toISOString() })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ finePrint: 'Weekdays only.', expirationDate });
  });

  it('keeps the other fields editable on a voted deal (same prices sent back)', async () => {
    const { put, row } = await votingDeal(3);
    const res = await put({ title: 'Taco night for two, now with dessert' });
    expect(res.statusCode).toBe(200);
    expect(res.json().deal).toMatchObject({ title: 'Taco night for two, now with dessert', dealPriceCents: 1500, currentVotes: 3 });
    expect((await row()).title).toBe('Taco night for two, now with dessert');
  });

  it('lets the merchant change the price while nobody has voted yet', async () => {
    const { put } = await votingDeal(0);
    const res = await put({ dealPriceCents: 2900 });
    expect(res.statusCode).toBe(200);
    expect(res.json().deal.dealPriceCents).toBe(2900);
  });

  it('locks the price of a crowd-vote deal that reached its votes and unlocked, too', async () => {
    const { put, deal } = await votingDeal(50);
    await db.update(deals).set({ status: 'active', unlockedAt: new Date() }).where(eq(deals.id, deal.id));
    expect((await put({ dealPriceCents: 1000 })).statusCode).toBe(409);
  });

  it('refuses the change when a vote lands while it is being saved (checked under the row lock the vote takes)', async () => {
    const { put, row, deal } = await votingDeal(0);
    // A vote in flight: it holds the deal's row lock (as castVote does) and has counted itself, not yet committed.
    let commitVote!: () => void;
    const voteCommitted = new Promise<void>((resolve) => (commitVote = resolve));
    let voteStarted!: () => void;
    const voteHoldsLock = new Promise<void>((resolve) => (voteStarted = resolve));
    const vote = db.transaction(async (tx) => {
      await tx.select().from(deals).where(eq(deals.id, deal.id)).for('update');
      await tx
        .update(deals)
        .set({ currentVotes: sql`${deals.currentVotes} + 1` })
        .where(eq(deals.id, deal.id));
      voteStarted();
      await voteCommitted;
    });
    await voteHoldsLock;
    const edit = put({ dealPriceCents: 2900 });
    if (t.database.kind === 'postgres') {
      // The edit reaches the deal row and waits for the vote's lock.
      await expect
        .poll(
          async () =>
            (
              await t.database.rawQuery(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
              )
            ).rows[0]!.n,
          { timeout: 10_000, interval: 20 },
        )
        .toBeGreaterThan(0);
    }
    commitVote();
    await vote;
    const res = await edit;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ dealPriceCents: M.crowdVoteLockedField });
    expect(await row()).toMatchObject({ dealPriceCents: 1500, currentVotes: 1 });
  });
});
