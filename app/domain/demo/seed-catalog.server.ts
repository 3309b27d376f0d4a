import { eq } from "drizzle-orm";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import type { Db } from "~/platform/db/database-handle.server";
import { products } from "~/platform/db/schema";
import { loadSharp } from "~/platform/sharp.server";
import { saveOrganizationContact } from "../carts/organization-contact.server";
import { createCategory } from "../catalog/categories.server";
import { createProduct } from "../catalog/products.server";
import { readImageInput } from "../images/image-input.server";
import { createProperty } from "../properties/create-property.server";
import { listProperties } from "../properties/read-properties.server";
import { addProductsToProperty } from "../stock/add-products.server";
import { saveStockQuantities } from "../stock/save-stock-quantities.server";
import type { Actor } from "../team/permissions";
import { DEMO_HOST, DEMO_SHOP_PROPERTY } from "./demo-host";

// Each with its English and Spanish names (issue 49): foreign guests read the demo shop in their language.
const CATEGORIES = [
  { name: "Bebidas", nameEn: "Drinks", nameEs: "Bebidas", color: "#2563EB" },
  { name: "Café da manhã", nameEn: "Breakfast", nameEs: "Desayuno", color: "#B45309" },
  { name: "Higiene e praia", nameEn: "Toiletries and beach", nameEs: "Higiene y playa", color: "#047857" },
];

// name, price, category, English name, Spanish name
const PRODUCTS: [string, string, string, string, string][] = [
  ["Água mineral 500 ml", "4,00", "Bebidas", "Still water 500 ml", "Agua mineral 500 ml"],
  ["Água com gás 500 ml", "5,00", "Bebidas", "Sparkling water 500 ml", "Agua con gas 500 ml"],
  ["Cerveja artesanal", "14,90", "Bebidas", "Craft beer", "Cerveza artesanal"],
  ["Refrigerante lata", "6,50", "Bebidas", "Soft drink (can)", "Refresco en lata"],
  ["Vinho tinto", "59,90", "Bebidas", "Red wine", "Vino tinto"],
  ["Café em cápsulas (10 un.)", "24,90", "Café da manhã", "Coffee capsules (10)", "Café en cápsulas (10 u.)"],
  ["Pão de queijo congelado", "18,00", "Café da manhã", "Frozen cheese bread", "Pan de queso congelado"],
  ["Granola", "16,50", "Café da manhã", "Granola", "Granola"],
  ["Chocolate ao leite", "9,90", "Café da manhã", "Milk chocolate", "Chocolate con leche"],
  [
    "Kit escova e pasta de dente",
    "12,00",
    "Higiene e praia",
    "Toothbrush and toothpaste kit",
    "Kit de cepillo y pasta de dientes",
  ],
  ["Protetor solar FPS 50", "39,90", "Higiene e praia", "Sunscreen SPF 50", "Protector solar FPS 50"],
  ["Repelente", "29,90", "Higiene e praia", "Insect repellent", "Repelente de insectos"],
];

/** Sold to adults only (issue 24): the buyer confirms being 18 or older. */
const ADULTS_ONLY = new Set(["Cerveja artesanal", "Vinho tinto"]);

/** A simple generated picture (colour and initials), sent through the same upload pipeline hosts use. */
async function picture(label: string, color: string) {
  const initials = label
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <rect width="800" height="800" fill="${color}"/>
    <circle cx="400" cy="400" r="250" fill="#ffffff" fill-opacity="0.18"/>
    <text x="400" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="220" font-weight="bold"
      fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.set("imageFile", new File([new Uint8Array(png)], `${initials}.png`, { type: "image/png" }));
  return (await readImageInput(form)) ?? undefined;
}

/**
 * The demo organization's catalogue: 3 categories, 12 products with pictures, and two properties with
 * stock — 'Cerveja artesanal' sold out at the beach house, coffee capsules not counted (no limit).
 */
export async function seedCatalog(db: Db): Promise<string> {
  const { userId, membership } = await createConfirmedUser(db, DEMO_HOST);
  const actor: Actor = { userId, organizationId: membership.organizationId, role: "owner" };
  if ((await listProperties(db, actor)).length > 0) return "kept the demo catalogue";

  const categoryIds = new Map<string, string>();
  for (const { color, ...names } of CATEGORIES)
    categoryIds.set(names.name, (await createCategory(db, actor, { ...names, color })).id);
  const productIds = new Map<string, string>();
  for (const [name, price, category, nameEn, nameEs] of PRODUCTS) {
    const color = CATEGORIES.find((c) => c.name === category)?.color ?? "#8E9196";
    const product = await createProduct(db, actor, {
      name,
      nameEn,
      nameEs,
      price,
      categoryId: categoryIds.get(category) ?? null,
      adultsOnly: ADULTS_ONLY.has(name),
      image: await picture(name, color),
    });
    productIds.set(name, product.id);
  }
  const id = (name: string) => productIds.get(name) ?? "";

  const beach = await createProperty(db, actor, {
    name: DEMO_SHOP_PROPERTY,
    address: "Av. Beira-Mar, 1200 — Jurerê, Florianópolis/SC",
    publicLocation: "Jurerê, Florianópolis/SC",
    image: await picture("Casa Praia", "#0E7490"),
  });
  const flat = await createProperty(db, actor, {
    name: "Apartamento Centro",
    address: "Rua XV de Novembro, 350, ap. 82 — Centro, Curitiba/PR",
    publicLocation: "Centro, Curitiba/PR",
    image: await picture("Apto Centro", "#6D28D9"),
  });

  await saveOrganizationContact(db, actor, { whatsapp: DEMO_HOST.whatsapp });

  const all = PRODUCTS.map(([name]) => name);
  await addProductsToProperty(db, actor, beach.id, all.map(id));
  await saveStockQuantities(
    db,
    actor,
    beach.id,
    all.map((name) => ({
      productId: id(name),
      current: name === "Cerveja artesanal" ? 0 : name === "Café em cápsulas (10 un.)" ? null : 6,
      expected: name === "Café em cápsulas (10 un.)" ? null : 8,
      // The demo's sold-out beer: the first count found none.
      lossReason: "count_adjustment",
    })),
  );
  const flatItems = [
    "Água mineral 500 ml",
    "Refrigerante lata",
    "Vinho tinto",
    "Café em cápsulas (10 un.)",
    "Granola",
    "Chocolate ao leite",
  ];
  await addProductsToProperty(db, actor, flat.id, flatItems.map(id));
  await saveStockQuantities(
    db,
    actor,
    flat.id,
    flatItems.map((name) => ({
      productId: id(name),
      current: name === "Vinho tinto" ? 0 : 4,
      expected: 4,
      lossReason: "count_adjustment",
    })),
  );

  const count = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.organizationId, actor.organizationId))
  ).length;
  return `created ${CATEGORIES.length} categories, ${count} products, 'Casa da Praia' (/i/${beach.hash}) and 'Apartamento Centro' (/i/${flat.hash})`;
}
