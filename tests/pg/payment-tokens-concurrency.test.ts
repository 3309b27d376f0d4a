// Renewing the sellers' Mercado Pago tokens on real PostgreSQL with two app instances (two connection pools)
// running the job at the same moment, several times each. Mercado Pago rotates refresh tokens: a refresh
// token sent twice would leave one instance holding a pair the other already replaced, so each account
// must be renewed exactly once, whoever wins. Asserted on what the fake saw and what the database holds.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  finishMercadoPagoConnect,
  startMercadoPagoConnect,
} from "~/domain/payment-accounts/connect-mercadopago.server";
import {
  REFRESH_DAYS_BEFORE_EXPIRY,
  refreshDueTokens,
} from "~/domain/payment-accounts/refresh-tokens.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { activity, member, paymentAccounts, payments, user } from "~/platform/db/schema";
import {
  openMercadoPagoCredentials,
  refreshMercadoPagoToken,
} from "~/platform/payments/mercadopago-oauth.server";
import { ProviderError } from "~/platform/payments/provider";
import { BUYER, type CheckoutHarness, checkoutHarness, guestWithCartIn } from "../support/checkout-fixtures";
import { type MercadoPagoFake, startMercadoPagoFake } from "../support/mercadopago-fake";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";
import { thrown } from "../support/thrown";

const available = await postgresAvailable();

const DAY = 86_400_000;
/** The key vitest.config.ts gives the test process: what the app sealed the credentials with. */
const TEST_KEY = Buffer.from(process.env.ENCRYPTION_KEY ?? "", "hex");

type Shop = Awaited<ReturnType<typeof shopFixture>>;
type Instance = { handle: DatabaseHandle; harness: CheckoutHarness };
type Host = { shop: Shop; owner: Actor; seller: string };

describe.runIf(available)("renewing Mercado Pago tokens from two instances at once (PostgreSQL)", () => {
  let database: ThrowawayDatabase;
  let fake: MercadoPagoFake;
  let instances: Instance[] = [];
  const at = (i: number) => instances[i % instances.length] as Instance;
  const db = () => at(0).handle.db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    fake = await startMercadoPagoFake({
      publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
      webhookSecret: "a-webhook-secret-from-your-integrations",
    });
    const handles = await Promise.all(
      [1, 2].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 10 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
    instances = handles.map((handle) => ({
      handle,
      harness: checkoutHarness(handle.db, {
        offered: ["mercadopago", "sandbox"],
        mercadoPago: fake.appConfig(),
        freeTrialDays: 0,
      }),
    }));
    // Both instances read the same time.
    const start = at(0).harness.clock.now().getTime();
    for (const { harness } of instances) harness.clock.advance(start - harness.clock.now().getTime());
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.handle.close()));
    await fake?.close();
    await database?.drop();
  });

  /** A shop with no account, connected to a new seller through the real OAuth round trip. */
  async function connectedHost(): Promise<Host> {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 5000, stock: 20 }], {
      receiving: false,
    });
    const [row] = await db()
      .select({ userId: member.userId })
      .from(member)
      .where(and(eq(member.organizationId, shop.organizationId), eq(member.role, "owner")));
    if (!row) throw new Error("no owner");
    const owner: Actor = { userId: row.userId, organizationId: shop.organizationId, role: "owner" };
    const seller = fake.addSeller().userId;
    const ctx = at(0).harness.ctx;
    const url = new URL(await startMercadoPagoConnect(ctx, owner));
    url.searchParams.set("fake_seller", seller);
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location") ?? "");
    await finishMercadoPagoConnect(ctx, owner, {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    });
    return { shop, owner, seller };
  }

  async function accountOf(organizationId: string) {
    const [row] = await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.organizationId, organizationId));
    if (!row) throw new Error("no account");
    return row;
  }

  async function expireIn(organizationIds: string[], days: number) {
    await db()
      .update(paymentAccounts)
      .set({ tokenExpiresAt: new Date(at(0).harness.clock.now().getTime() + days * DAY) })
      .where(inArray(paymentAccounts.organizationId, organizationIds));
  }

  it("renews each due account exactly once, replaces both tokens, and moves only a revoked seller's account to 'Precisa reconectar'", async () => {
    const due = await Promise.all([1, 2, 3, 4].map(() => connectedHost()));
    const [notDue, revoked] = [await connectedHost(), await connectedHost()];
    const org = (hosts: Host[]) => hosts.map((x) => x.shop.organizationId);
    // Tokens expiring within the 60 days; one with 90 left; the revoked seller's also due.
    await expireIn(org(due), 30);
    await expireIn(org([revoked]), REFRESH_DAYS_BEFORE_EXPIRY - 1);
    await expireIn(org([notDue]), 90);
    fake.revoke(revoked.seller);
    const before = new Map(
      await Promise.all(
        [...due, notDue, revoked].map(
          async (x) => [x.seller, await accountOf(x.shop.organizationId)] as const,
        ),
      ),
    );

    // Two instances, three runs each, all at once.
    const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => refreshDueTokens(at(i).harness.ctx)));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(due.length);
    // And again, after they all finished: nothing is due any more.
    expect(await Promise.all([0, 1].map((i) => refreshDueTokens(at(i).harness.ctx)))).toEqual([0, 0]);

    for (const host of due) {
      expect(fake.refreshCount(host.seller)).toBe(1);
      const old = before.get(host.seller);
      const now = await accountOf(host.shop.organizationId);
      expect(now.status).toBe("active");
      expect(now.credentials).not.toBe(old?.credentials);
      // Good for MP's 180 days again.
      expect(now.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 170 * DAY);
      const oldTokens = openMercadoPagoCredentials(old?.credentials ?? "", TEST_KEY);
      const newTokens = openMercadoPagoCredentials(now.credentials ?? "", TEST_KEY);
      expect(newTokens.accessToken).not.toBe(oldTokens.accessToken);
      expect(newTokens.refreshToken).not.toBe(oldTokens.refreshToken);
      for (const token of [newTokens.accessToken, newTokens.refreshToken])
        expect(now.credentials).not.toContain(token);

      // The refresh token it replaced is spent: Mercado Pago refuses it.
      const spent = await thrown(
        refreshMercadoPagoToken(fake.appConfig(), old?.credentials ?? ""),
        ProviderError,
      );
      expect(spent.code).toBe("invalid_grant");
      expect(fake.refreshCount(host.seller)).toBe(1);

      const renewed = await db()
        .select()
        .from(activity)
        .where(
          and(
            eq(activity.organizationId, host.shop.organizationId),
            eq(activity.kind, "payment_account.token_refreshed"),
          ),
        );
      expect(renewed).toHaveLength(1);
    }

    // The new access token charges, from the other instance.
    const host = due[0] as Host;
    const ctx = at(1).harness.ctx;
    const guest = await guestWithCartIn(at(1).handle.db, host.shop, { Vinho: 1 });
    const placed = await placeOrder(ctx, { ...guest.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    await startPixPayment(ctx, guest.key);
    const [charge] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(charge?.status).toBe("pending");
    const creation = fake.requests.find(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/payments" &&
        (r.body as { external_reference?: string }).external_reference === placed.orderId,
    );
    const { accessToken } = openMercadoPagoCredentials(
      (await accountOf(host.shop.organizationId)).credentials ?? "",
      TEST_KEY,
    );
    expect(creation?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(fake.sellerOf(charge?.providerPaymentId ?? "")).toBe(host.seller);

    // Not due: untouched.
    expect(fake.refreshCount(notDue.seller)).toBe(0);
    expect(await accountOf(notDue.shop.organizationId)).toEqual(before.get(notDue.seller));

    // The revoked seller: refused once (invalid_grant), its account alone waits for the owner.
    const stopped = await accountOf(revoked.shop.organizationId);
    expect(stopped).toMatchObject({ status: "needs_reconnect", lastError: expect.stringMatching(/\S/) });
    expect(stopped.credentials).toBe(before.get(revoked.seller)?.credentials);
    const flagged = await db()
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.organizationId, revoked.shop.organizationId),
          eq(activity.kind, "payment_account.needs_reconnect"),
        ),
      );
    expect(flagged).toHaveLength(1);
    const [owner] = await db()
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, revoked.owner.userId));
    const notices = instances.flatMap((i) => i.harness.outbox()).filter((m) => m.to === owner?.email);
    expect(notices.map((m) => m.subject)).toEqual(["Reconecte sua conta de recebimento"]);
    const statuses = await db()
      .select({ status: paymentAccounts.status })
      .from(paymentAccounts)
      .where(inArray(paymentAccounts.organizationId, org([...due, notDue])));
    expect(statuses.map((s) => s.status)).toEqual(Array(due.length + 1).fill("active"));
  });
});
