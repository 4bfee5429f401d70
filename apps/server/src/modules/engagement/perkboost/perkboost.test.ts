import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { build } from '../../../../test/build';
import { createBoostDeal, createDeal, createMerchant } from '../../../../test/factories';
import { dealVotes, deals, notifications, users } from '../../../db/schema';
import { castVote, runPerkboostTick } from './perkboost.service';
import { LOCK_IDS } from '../../../lib/lock-ids';

type PoolClient = { query(text: string, values?: unknown[]): Promise<unknown>; release(): void };

const t = await build();
const db = t.database.db;
const DAY = 86_400_000;

/** Many customers without paying for a password hash each. */
async function bulkCustomers(n: number) {
  const rows = Array.from({ length: n }, () => ({ email: `v-${randomUUID()}@test.example`, passwordHash: 'x', role: 'customer' as const }));
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...(
        await db
          .insert(users)
          .values(rows.slice(i, i + 500))
          .returning({ id: users.id })
      ).map((r) => r.id),
    );
  return out;
}

describe('voting', () => {
  it('adds one vote per customer, cancels back down, and lists the customer’s votes', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createBoostDeal(db, merchant.id, 10, 3);
    const { cookie } = await t.loginAs('customer');
    const v1 = await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie });
    expect(v1.json()).toMatchObject({ currentVotes: 4, status: 'pending', unlocked: false });
    const v2 = await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie });
    expect(v2.statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: '/api/votes/mine', cookie })).json().dealIds).toEqual([deal.id]);
    const c = await t.request({ method: 'DELETE', url: `/api/deals/${deal.id}/vote`, cookie });
    expect(c.json()).toMatchObject({ currentVotes: 3 });
    expect((await t.request({ method: 'DELETE', url: `/api/deals/${deal.id}/vote`, cookie })).statusCode).toBe(409);
  });

  it('never counts below 0', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createBoostDeal(db, merchant.id, 10, 0);
    const { cookie } = await t.loginAs('customer');
    await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie });
    await db.update(deals).set({ currentVotes: 0 }).where(eq(deals.id, deal.id));
    const c = await t.request({ method: 'DELETE', url: `/api/deals/${deal.id}/vote`, cookie });
    expect(c.json().currentVotes).toBe(0);
  });

  it('refuses anonymous voters and non-customers', async () => {
    const { merchant } = await createMerchant(db);
    const deal = await createBoostDeal(db, merchant.id, 10, 0);
    expect((await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote` })).statusCode).toBe(401);
    const { cookie } = await t.loginAs('merchant');
    expect((await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie })).statusCode).toBe(403);
  });

  it('refuses votes and cancels once unlocked, after the deadline, and on standard deals', async () => {
    const { merchant } = await createMerchant(db);
    const active = await createBoostDeal(db, merchant.id, 10, 10, { status: 'active' });
    const over = await createBoostDeal(db, merchant.id, 10, 1, { votingEndDate: new Date(Date.now() - 1000) });
    const standard = await createDeal(db, merchant.id);
    const { cookie } = await t.loginAs('customer');
    const v = await t.request({ method: 'POST', url: `/api/deals/${active.id}/vote`, cookie });
    expect(v.json().error.message).toBe('This PerkBoost deal has already been unlocked and is available for purchase.');
    const c = await t.request({ method: 'DELETE', url: `/api/deals/${active.id}/vote`, cookie });
    expect(c.json().error.message).toBe('This deal has already been unlocked and is available for purchase.');
    expect((await t.request({ method: 'POST', url: `/api/deals/${over.id}/vote`, cookie })).json().error.message).toBe(
      'Voting for this deal has ended.',
    );
    expect((await t.request({ method: 'POST', url: `/api/deals/${standard.id}/vote`, cookie })).statusCode).toBe(404);
  });

  it('unlocks on the vote that reaches the target and notifies voters and the merchant once', async () => {
    const { merchant, user: owner } = await createMerchant(db);
    const deal = await createBoostDeal(db, merchant.id, 2, 0);
    const a = await t.loginAs('customer');
    const b = await t.loginAs('customer');
    await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie: a.cookie });
    const last = await t.request({ method: 'POST', url: `/api/deals/${deal.id}/vote`, cookie: b.cookie });
    expect(last.json()).toMatchObject({ currentVotes: 2, status: 'active', unlocked: true });
    const [row] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row!.status).toBe('active');
    expect(row!.unlockedAt).toBeInstanceOf(Date);
    const notes = await db.select().from(notifications).where(eq(notifications.entityId, deal.id));
    expect(notes.map((n) => n.userId).sort()).toEqual([a.user.id, b.user.id, owner.id].sort());
    expect((await t.lastMail(a.user.email))?.kind).toBe('perkboost_unlocked');
    expect((await t.lastMail(owner.email))?.kind).toBe('perkboost_unlocked_merchant');
    // The job finds nothing more to do: no second notification.
    await runPerkboostTick(t.app.deps);
    expect(await db.select().from(notifications).where(eq(notifications.entityId, deal.id))).toHaveLength(3);
  });
});

describe('the 60-second job', () => {
  it('unlocks deals that reached their target and expires those whose voting or validity ended', async () => {
    const { merchant } = await createMerchant(db);
    const reached = await createBoostDeal(db, merchant.id, 5, 5);
    const late = await createBoostDeal(db, merchant.id, 5, 1, { votingEndDate: new Date(Date.now() - 1000) });
    const stale = await createDeal(db, merchant.id, { expirationDate: new Date(Date.now() - DAY) });
    const res = await runPerkboostTick(t.app.deps);
    expect(res.ran).toBe(true);
    expect(res.unlocked.map((u) => u.dealId)).toContain(reached.id);
    const status = async (id: string) => (await db.select({ s: deals.status }).from(deals).where(eq(deals.id, id)))[0]!.s;
    expect(await status(reached.id)).toBe('active');
    expect(await status(late.id)).toBe('expired');
    expect(await status(stale.id)).toBe('expired');
  });

  it('runs on one instance at a time (advisory lock)', async () => {
    if (t.database.kind === 'postgres') {
      // Another instance's sweep, held open on its own connection: this tick must not run meanwhile.
      const pool = (db as unknown as { $client: { connect(): Promise<PoolClient> } }).$client;
      const other = await pool.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1)', [LOCK_IDS.voteSweep]);
        expect((await runPerkboostTick(t.app.deps)).ran).toBe(false);
        await other.query('commit');
      } finally {
        other.release();
      }
      expect((await runPerkboostTick(t.app.deps)).ran).toBe(true);
    } else {
      // PGlite runs transactions one after another: two ticks at once both complete, one after the other.
      const [a, b] = await Promise.all([runPerkboostTick(t.app.deps), runPerkboostTick(t.app.deps)]);
      expect(a.ran && b.ran).toBe(true);
    }
  });
});

describe('concurrent voting', () => {
  const n = process.env.TEST_DB === 'postgres' ? 2000 : 200;
  it(
    `${n} distinct customers voting at once are each counted exactly once and unlock notifies exactly once`,
    { timeout: 120_000 },
    async () => {
      const { merchant } = await createMerchant(db);
      const deal = await createBoostDeal(db, merchant.id, n, 0);
      const voters = await bulkCustomers(n);
      const results = await Promise.allSettled(voters.map((id) => castVote(t.app.deps, id, deal.id)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const [row] = await db.select().from(deals).where(eq(deals.id, deal.id));
      expect(row!.currentVotes).toBe(n);
      expect(row!.status).toBe('active');
      const [{ c } = { c: 0 }] = await db
        .select({ c: sql<number>`count(distinct ${dealVotes.userId})::int` })
        .from(dealVotes)
        .where(eq(dealVotes.dealId, deal.id));
      expect(c).toBe(n);
      const unlockedBy = results.filter((r) => r.status === 'fulfilled' && r.value.unlocked);
      expect(unlockedBy).toHaveLength(1);
      const notes = await db
        .select({ c: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.entityId, deal.id), eq(notifications.type, 'perkboost_unlocked')));
      expect(notes[0]!.c).toBe(n + 1);
    },
  );
});
