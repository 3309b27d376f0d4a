// A dispute played on /dev/payments against the built app (ADR 0061): a paid PIX sale contested shows
// 'Em disputa' on the dashboard, Vendas, Saques, the wallet and its statement, and lost, the statement shows the reversal; the
// sandbox page names each state.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { disputes, payments, wallets } from "~/platform/db/schema";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { brl, FIXTURE_PASSWORD, fetchAs, hostEmail, paidByPix, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();
/** The sandbox's fee (3,99 %), rounded half up; a new host pays Estadia nothing in its free days. */
const fee = (cents: number) => Math.floor((cents * 399 + 5000) / 10000);

describe.runIf(available)("a dispute over HTTP (sandbox)", () => {
  let running: ShopServer;
  let owner: Browser;

  beforeAll(async () => {
    running = await startCheckoutServer([{ name: "Vinho", priceCents: 5000, stock: 10 }], {
      env: { AUTH_SECRET: "disputes-test-secret-0123456789abcdef" },
    });
    owner = await signedInBrowser(
      running.server,
      await hostEmail(running.db, running.shop),
      FIXTURE_PASSWORD,
    );
  });
  afterAll(() => running?.stop());

  async function dispute(id: string, outcome: "open" | "win" | "lose") {
    const res = await fetch(`${running.server.url}/dev/payments`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: running.server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ kind: "dispute", id, outcome }).toString(),
    });
    await res.body?.cancel();
    return decodeURIComponent(res.headers.get("location") ?? "");
  }

  async function disputeOf(orderId: string) {
    const [row] = await running.db.select().from(disputes).where(eq(disputes.orderId, orderId));
    return row?.status ?? null;
  }

  it("contested: 'Em disputa' on the dashboard, Vendas, Saques, the wallet and its statement; lost: the statement shows the reversal", async () => {
    const { db, shop, server } = running;
    const order = await paidByPix(server.url, db, shop, "203.0.113.7", { Vinho: 1 });
    const [charge] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    const chargeId = charge?.providerPaymentId ?? "";
    const [wallet] = await db.select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    const net = 5000 - fee(5000);

    expect(await dispute(chargeId, "open")).toContain("Abrir contestação");
    await vi.waitFor(async () => expect(await disputeOf(order.id)).toBe("opened"), WEBHOOK_APPLIED);
    const saques = visibleText((await fetchAs(owner, "/withdrawals")).body);
    expect(saques).toContain(`Em disputa ${brl(net)}`);
    expect(saques).toContain(`Disponível ${brl(0)}`);
    const statement = visibleText((await fetchAs(owner, `/wallets/${wallet?.id}`)).body);
    expect(statement).toContain(`em disputa ${brl(net)}`);
    expect(statement).toContain("Em disputa");
    expect(statement).toContain("Valor retido pelo provedor");
    const dash = visibleText((await fetchAs(owner, "/dashboard")).body);
    expect(dash).toContain(
      `${brl(net)} em disputa: o provedor reteve o valor de vendas contestadas até a decisão.`,
    );
    const sales = (await fetchAs(owner, "/sales")).body;
    expect(sales).toMatch(/<span[^>]*>Em disputa<\/span>/);
    const dev = visibleText(await fetch(`${server.url}/dev/payments`).then((r) => r.text()));
    expect(dev).toContain("Em disputa");
    expect(dev).toContain("Contestação ganha");

    expect(await dispute(chargeId, "lose")).toContain("Contestação perdida");
    await vi.waitFor(async () => expect(await disputeOf(order.id)).toBe("lost"), WEBHOOK_APPLIED);
    const after = visibleText((await fetchAs(owner, `/wallets/${wallet?.id}`)).body);
    expect(after).toContain("Estorno por contestação");
    expect(after).toContain("Estornada por contestação");
    expect(after).toContain("Disputa encerrada");
    expect(visibleText((await fetchAs(owner, "/withdrawals")).body)).not.toContain("Em disputa");
    expect(visibleText((await fetchAs(owner, "/dashboard")).body)).not.toContain("em disputa");
    const salesAfter = (await fetchAs(owner, "/sales")).body;
    expect(salesAfter).toMatch(/<span[^>]*>Estornada por contestação<\/span>/);
    expect(salesAfter).not.toMatch(/<span[^>]*>Em disputa<\/span>/);
    expect(visibleText(await fetch(`${server.url}/dev/payments`).then((r) => r.text()))).toContain(
      "Estornado por contestação",
    );
  });
});
