// A dispute played on /dev/payments against the built app (ADR 0061): a paid PIX sale contested shows
// 'Em disputa' on the dashboard, Vendas, Saques, the wallet and its statement, and lost, the statement shows the reversal; the
// sandbox page names each state.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveStockCount } from "~/domain/stock/stock-count.server";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { disputes, payments, properties, stays, wallets } from "~/platform/db/schema";
import { type Browser, mailsTo, signedInBrowser, waitForMails } from "../support/accounts";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { brl, FIXTURE_PASSWORD, fetchAs, hostEmail, paidByPix, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { pdfText } from "../support/qr-decode";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
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
    // The owner is told once, with the day to send the evidence by.
    const email = await hostEmail(db, shop);
    const [told] = await waitForMails(server, email, `Venda #${shortId(order.id)} contestada`);
    expect(told?.text).toContain(`O provedor reteve ${formatCents(net)} até decidir.`);
    expect(told?.text).toContain(
      `Envie as provas ao provedor até ${formatDay(addDays(saoPauloDay(new Date()), 7))}`,
    );
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

  it("a contested sale's evidence pack: the deadline on Vendas, and a PDF with the sale, the guest, the payment and the stay", async () => {
    const { db, shop, server } = running;
    const today = saoPauloDay(new Date());
    await db.insert(stays).values({
      organizationId: shop.organizationId,
      propertyId: shop.propertyId,
      kind: "stay",
      source: "airbnb",
      checkIn: addDays(today, -1),
      checkOut: addDays(today, 2),
      reservationCode: "HMEVIDENCE1",
    });
    const order = await paidByPix(server.url, db, shop, "203.0.113.8", { Vinho: 2 });
    const undisputed = await paidByPix(server.url, db, shop, "203.0.113.9", { Vinho: 1 });
    const [charge] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    // The cleaner's count after the sale: 10 in stock, 3 sold, 7 found.
    const vinho = shop.productIds.Vinho ?? "";
    await saveStockCount(db, await ownerOf(db, shop.organizationId), shop.propertyId, {
      lines: [{ productId: vinho, counted: "7" }],
      lossReason: "consumed_unpaid",
    });
    // The host had already taken the wallet's money out (as a paid withdrawal leaves it).
    const [wallet] = await db.select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    await db
      .update(wallets)
      .set({
        availableCents: 0,
        withdrawnCents: (wallet?.withdrawnCents ?? 0) + (wallet?.availableCents ?? 0),
      })
      .where(eq(wallets.propertyId, shop.propertyId));
    await dispute(charge?.providerPaymentId ?? "", "open");
    await vi.waitFor(async () => expect(await disputeOf(order.id)).toBe("opened"), WEBHOOK_APPLIED);
    const net = 10_000 - fee(10_000);
    const email = await hostEmail(db, shop);
    const [house] = await db.select().from(properties).where(eq(properties.id, shop.propertyId));
    const [below] = await waitForMails(server, email, `Saldo de ${house?.name} abaixo de zero`);
    expect(below?.text).toContain(`ficou em ${formatCents(-net)}`);
    expect(below?.text).toContain("Os saques dessa carteira ficam bloqueados");

    const sales = visibleText((await fetchAs(owner, "/sales")).body);
    expect(sales).toContain(`Envie as provas ao provedor até ${formatDay(addDays(today, 7))}.`);
    expect(sales).toContain("Dossiê da contestação (PDF)");

    const pdf = await fetchAs(owner, `/sales/${order.id}/contestacao.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`contestacao-${shortId(order.id)}.pdf`);
    const text = pdfText(pdf.bytes)
      .join("\n")
      .replace(/[ \t]+/g, " ");
    expect(text).toContain("Dossiê de contestação");
    expect(text).toContain(`Pedido: #${shortId(order.id)}`);
    expect(text).toContain(`ID do pagamento no provedor: ${charge?.providerPaymentId}`);
    expect(text).toMatch(/2 × Vinho \(R\$\s50,00 cada\) R\$\s100,00/);
    expect(text).toContain("HMEVIDENCE1");
    expect(text).toContain(`Enviar as provas até: ${formatDay(addDays(today, 7))}`);
    expect(text).toContain("Contestação aberta no provedor");
    expect(text).toContain(
      "Conferência do estoque após a venda, já sem os itens vendidos: Vinho: 7 no imóvel",
    );

    // No dispute, another host, or not an id: the 404, and no PDF.
    const strangerShop = await shopFixture(db, [{ name: "Vinho do vizinho", priceCents: 100, stock: 0 }]);
    const stranger = await signedInBrowser(server, await hostEmail(db, strangerShop), FIXTURE_PASSWORD);
    for (const [browser, id] of [
      [owner, undisputed.id],
      [stranger, order.id],
      [owner, "nao-e-um-id"],
    ] as const) {
      const res = await fetchAs(browser, `/sales/${id}/contestacao.pdf`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("content-type")).not.toBe("application/pdf");
    }

    // Said again by the provider: nothing moves, nobody is told twice.
    await dispute(charge?.providerPaymentId ?? "", "open");
    await vi.waitFor(async () => expect(await disputeOf(order.id)).toBe("opened"), WEBHOOK_APPLIED);
    expect(mailsTo(server, email, `Saldo de ${house?.name} abaixo de zero`)).toHaveLength(1);
    expect(mailsTo(server, email, `Venda #${shortId(order.id)} contestada`)).toHaveLength(1);
  });
});
