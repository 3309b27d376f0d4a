import { randomBytes } from "node:crypto";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import type { Db } from "~/platform/db/database-handle.server";
import {
  paymentAccounts,
  productCategories,
  products,
  properties,
  propertyProducts,
} from "~/platform/db/schema";
import { newSandboxSellerId } from "~/platform/payments/sandbox-provider.server";
import { seal } from "~/platform/secrets/secret-box.server";

let n = 0;

export const newDeviceId = () => randomBytes(16).toString("base64url");

/**
 * A host with one property holding products in the given states; rows written directly so cart tests do
 * not depend on the catalogue screens.
 */
type ShopItem = { name: string; priceCents: number; stock: number | null; category?: string };
/** Whether the host has connected an account (the sandbox's): without one, guests cannot pay. */
type ShopOptions = { receiving?: boolean };

export async function shopFixture(db: Db, items: ShopItem[], options: ShopOptions = {}) {
  return shopIn(db, await newHost(db), items, options);
}

/** A confirmed host with an organization of its own (no property yet); its organization's id. */
export async function newHost(db: Db): Promise<string> {
  const tag = `${Date.now()}-${++n}`;
  const { membership } = await createConfirmedUser(db, {
    name: `Anfitrião ${tag}`,
    email: `host-${tag}@example.com`,
    password: "segredo1",
  });
  return membership.organizationId;
}

/** One property holding the given products, in an organization that already exists. */
export async function shopIn(db: Db, organizationId: string, items: ShopItem[], options: ShopOptions = {}) {
  const tag = `${Date.now()}-${++n}`;
  const hash = randomBytes(16).toString("base64url");
  const [property] = await db
    .insert(properties)
    .values({ organizationId, name: `Casa ${tag}`, address: "Rua A, 1", hash })
    .returning({ id: properties.id });
  if (!property) throw new Error("no property");
  const categoryIds = new Map<string, string>();
  const productIds: Record<string, string> = {};
  for (const item of items) {
    let categoryId: string | undefined;
    if (item.category) {
      categoryId = categoryIds.get(item.category);
      if (!categoryId) {
        const [c] = await db
          .insert(productCategories)
          .values({ organizationId, name: item.category, color: "#112233" })
          .returning({ id: productCategories.id });
        categoryId = c?.id;
        if (categoryId) categoryIds.set(item.category, categoryId);
      }
    }
    const [p] = await db
      .insert(products)
      .values({ organizationId, name: item.name, priceCents: item.priceCents, categoryId })
      .returning({ id: products.id });
    if (!p) throw new Error("no product");
    productIds[item.name] = p.id;
    await db.insert(propertyProducts).values({
      organizationId,
      propertyId: property.id,
      productId: p.id,
      currentQuantity: item.stock,
      expectedQuantity: 5,
    });
  }
  const sellerId = options.receiving === false ? null : await connectSandboxAccount(db, organizationId);
  return { organizationId, propertyId: property.id, hash, productIds, sellerId };
}

/** Connects a simulated sandbox seller account to the organization, as 'Conectar conta de teste' does. */
export async function connectSandboxAccount(db: Db, organizationId: string): Promise<string> {
  const sellerId = newSandboxSellerId();
  await db.insert(paymentAccounts).values({
    organizationId,
    provider: "sandbox",
    status: "active",
    providerAccountId: sellerId,
    displayName: "Conta de teste",
    credentials: seal({ accessToken: `SBX-${randomBytes(12).toString("hex")}` }),
  });
  return sellerId;
}

/** A second property ('Casa B') in a fixture's organization, with its own shop address. */
export async function secondProperty(db: Db, organizationId: string): Promise<{ id: string; hash: string }> {
  const hash = randomBytes(16).toString("base64url");
  const [b] = await db
    .insert(properties)
    .values({ organizationId, name: "Casa B", address: "Rua B, 2", hash })
    .returning({ id: properties.id });
  if (!b) throw new Error("no property");
  return { id: b.id, hash };
}
