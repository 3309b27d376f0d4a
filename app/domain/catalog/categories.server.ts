import { and, desc, eq, type Placeholder } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { sortByName } from "~/lib/sort-by-name";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { asJson, columnAs, type Part, type Queryable } from "~/platform/db/prepared";
import { organization, productCategories } from "~/platform/db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { type Actor, assertCan } from "../team/permissions";
import { CATALOG_TEXT as T } from "./catalog-text";
import { type CategoryInput, categorySchema } from "./schemas.server";

export type Category = {
  id: string;
  name: string;
  /** The names English and Spanish guests read; null = the pt-BR name. */
  nameEn: string | null;
  nameEs: string | null;
  color: string;
  createdAt: Date;
};

const columns = {
  id: productCategories.id,
  name: productCategories.name,
  nameEn: productCategories.nameEn,
  nameEs: productCategories.nameEs,
  color: productCategories.color,
  createdAt: productCategories.createdAt,
};

const notFound = () => new AppError("not_found", T.categoryNotFound);

/** The organization's categories: by name for pickers, newest first for the category list. */
export async function listCategories(db: Db, actor: Actor, order: "name" | "newest"): Promise<Category[]> {
  assertCan(actor, "catalog.read");
  const rows = await db
    .select(columns)
    .from(productCategories)
    .where(eq(productCategories.organizationId, actor.organizationId))
    .orderBy(...newestFirst);
  return order === "name" ? sortByName(rows) : rows;
}

/** The categories' ids and names, newest first, as a part of a page's read (ADR 0048). */
export function categoryNamesPart(): Part<{ categories: Named[] }, Named[]> {
  return {
    columns: (db) => ({ categories: asJson<Named>(categoryNames(db, organization.id)) }),
    result: (row) => row?.categories ?? [],
  };
}

type Named = { id: string; name: string };

function categoryNames(db: Queryable, organizationId: AnyPgColumn | Placeholder) {
  return db
    .select({
      id: columnAs(productCategories.id, "id"),
      name: columnAs(productCategories.name, "name"),
    })
    .from(productCategories)
    .where(eq(productCategories.organizationId, organizationId))
    .orderBy(...newestFirst);
}

const newestFirst = [desc(productCategories.createdAt), desc(productCategories.id)];

export async function createCategory(db: Db, actor: Actor, input: CategoryInput): Promise<Category> {
  assertCan(actor, "catalog.manage");
  const values = parseInput(categorySchema, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productCategories)
      .values({ ...values, organizationId: actor.organizationId })
      .returning(columns);
    if (!row) throw new Error("category insert returned nothing");
    return row;
  });
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  input: CategoryInput & { id: string },
): Promise<Category> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(input.id)) throw notFound();
  const values = parseInput(categorySchema, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(productCategories)
      .set(values)
      .where(
        and(eq(productCategories.id, input.id), eq(productCategories.organizationId, actor.organizationId)),
      )
      .returning(columns);
    if (!row) throw notFound();
    return row;
  });
}

/**
 * Erases the category for good (categories have no history to keep). Its products stay, without a
 * category: the foreign key is ON DELETE SET NULL.
 */
export async function deleteCategory(db: Db, actor: Actor, { id }: { id: string }): Promise<void> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(productCategories)
      .where(and(eq(productCategories.id, id), eq(productCategories.organizationId, actor.organizationId)))
      .returning({ id: productCategories.id });
    if (!row) throw notFound();
  });
}
