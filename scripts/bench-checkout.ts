// The checkout's part of `npm run bench`: order creation and PIX charge creation under load, and 200 buyers
// racing for 10 units, all over HTTP against the built app on PostgreSQL.
import autocannon from "autocannon";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { orders, propertyProducts } from "~/platform/db/schema";
import { newDeviceId, shopFixture } from "../tests/support/shop-fixtures";
import { type BenchResult, withCpu } from "./bench-cpu";

type Guest = { cookie: string; ip: string; cartId: string };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Guests each with a cart holding one unit of the product: made over HTTP, as phones would. */
async function guestsWithCarts(
  appUrl: string,
  hash: string,
  productId: string,
  count: number,
): Promise<Guest[]> {
  const guests: Guest[] = [];
  const batch = 25;
  for (let start = 0; start < count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async (_, k) => {
        const i = start + k;
        const cookie = `estadia_device=${newDeviceId()}`;
        const ip = `10.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
        const res = await fetch(`${appUrl}/api/cart`, {
          method: "POST",
          headers: {
            origin: appUrl,
            cookie,
            "x-forwarded-for": ip,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form({ intent: "add", hash, productId }),
        });
        const json = (await res.json()) as { ok: boolean; cart?: { id: string } };
        if (!json.cart) throw new Error(`cart for guest ${i}: ${res.status}`);
        return { cookie, ip, cartId: json.cart.id };
      }),
    );
    guests.push(...made);
  }
  return guests;
}

/** One POST per guest, in turn, under load: each request is a different guest's checkout step. */
async function loadPerGuest(
  name: string,
  appUrl: string,
  guests: Guest[],
  path: (g: Guest) => string,
  body: string,
  seconds: number,
  connections: number,
): Promise<BenchResult & { used: number }> {
  let next = 0;
  const { result: r, cpu } = await withCpu(() =>
    autocannon({
      url: appUrl,
      connections,
      duration: seconds,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            const g = guests[next++ % guests.length] as Guest;
            return {
              ...req,
              path: path(g),
              body,
              headers: {
                origin: appUrl,
                cookie: g.cookie,
                "x-forwarded-for": g.ip,
                "content-type": "application/x-www-form-urlencoded",
              },
            };
          },
        },
      ],
    }),
  );
  // Form posts answer 303 on success; anything else means the step failed.
  const ok = r.statusCodeStats?.["303"]?.count ?? 0;
  if (ok < r.requests.total * 0.99)
    throw new Error(`${name}: only ${ok} of ${r.requests.total} answered 303`);
  return { name, rps: r.requests.average, p99: r.latency.p99, cpu, used: Math.min(next, guests.length) };
}

const BUYER = form({ fullName: "Hóspede de Teste", cpf: "", email: "bench@example.com", phone: "" });

/**
 * Orders per second: 'Continuar para pagamento' (order + stock held, one transaction) and then the PIX
 * charge at the sandbox provider, each guest once. Needs more guests than requests: every order is new.
 */
export async function benchCheckout(
  appUrl: string,
  db: Db,
  options: { seconds: number; connections: number },
): Promise<BenchResult[]> {
  const shop = await shopFixture(db, [{ name: "Água", priceCents: 450, stock: null }]);
  const guests = await guestsWithCarts(appUrl, shop.hash, shop.productIds.Água ?? "", 8000);
  const placed = await loadPerGuest(
    "POST identification (order + hold)",
    appUrl,
    guests,
    (g) => `/payments/${g.cartId}/pix`,
    BUYER,
    options.seconds,
    options.connections,
  );
  if (placed.used >= guests.length) throw new Error("bench ran out of guests: raise the count");
  const ordered = guests.slice(0, placed.used);
  const charged = await loadPerGuest(
    "POST pix (sandbox charge + BR Code)",
    appUrl,
    ordered,
    (g) => `/payments/${g.cartId}/pix/payment`,
    form({ intent: "pix" }),
    options.seconds,
    options.connections,
  );
  // One order is both steps in turn: its rate is the harmonic combination of the two.
  const both = 1 / (1 / placed.rps + 1 / charged.rps);
  return [
    placed,
    charged,
    {
      name: "order created and charged (both steps)",
      rps: both,
      p99: placed.p99 + charged.p99,
      cpu:
        placed.cpu && charged.cpu
          ? { appMs: placed.cpu.appMs + charged.cpu.appMs, dbMs: placed.cpu.dbMs + charged.cpu.dbMs }
          : null,
    },
  ];
}

/** 200 guests racing for the last 10 units: how many orders are made, and then paid, and what stock is left. */
export async function benchContention(appUrl: string, db: Db): Promise<string> {
  const shop = await shopFixture(db, [{ name: "Vinho", priceCents: 8000, stock: 10 }]);
  const productId = shop.productIds.Vinho ?? "";
  const guests = await guestsWithCarts(appUrl, shop.hash, productId, 200);
  const post = (g: Guest, path: string, body: string) =>
    fetch(`${appUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: appUrl,
        cookie: g.cookie,
        "x-forwarded-for": g.ip,
        "content-type": "application/x-www-form-urlencoded",
      },
      body,
    }).then(async (res) => {
      await res.body?.cancel();
      return res.status;
    });
  const placed = await Promise.all(guests.map((g) => post(g, `/payments/${g.cartId}/pix`, BUYER)));
  const winners = guests.filter((_, i) => placed[i] === 303);
  await Promise.all(
    winners.map((g) => post(g, `/payments/${g.cartId}/pix/payment`, form({ intent: "pix" }))),
  );
  // The payers pay: the sandbox approves each charge and sends its signed webhook to the app.
  const page = await (await fetch(`${appUrl}/dev/payments`)).text();
  const ids = [...page.matchAll(/data-charge="(\d+)"/g)].map((m) => m[1] ?? "").slice(0, winners.length);
  await Promise.all(
    ids.map((id) => post(winners[0] as Guest, "/dev/payments", form({ id, outcome: "approve" }))),
  );
  // The app answers a webhook at once and settles the order in a job: wait for the jobs, 30 s at most.
  const paidOrders = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.propertyId, shop.propertyId), eq(orders.status, "paid")));
  let paid = await paidOrders();
  for (const deadline = Date.now() + 30_000; paid.length < ids.length && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    paid = await paidOrders();
  }
  const [stock] = await db
    .select({ current: propertyProducts.currentQuantity, reserved: propertyProducts.reservedQuantity })
    .from(propertyProducts)
    .where(eq(propertyProducts.productId, productId));
  return `contention: 200 buyers for 10 units → ${winners.length} orders, ${placed.filter((s) => s === 409).length} refused, ${paid.length} paid; stock left ${stock?.current}, held ${stock?.reserved}`;
}
