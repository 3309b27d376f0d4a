// Properties of a host's organization: validation, the guest-shop hash, archiving, and tenancy (another
// organization's id is "not found" everywhere and changes nothing). In-memory PGlite, real migrations.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProperty } from "~/domain/properties/create-property.server";
import { deleteProperty } from "~/domain/properties/delete-property.server";
import { findPropertyByHash, getProperty, listProperties } from "~/domain/properties/read-properties.server";
import { updateProperty } from "~/domain/properties/update-property.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member, properties } from "~/platform/db/schema";
import { afterInstant } from "../support/database-clock";
import { refusal } from "../support/refusal";

// Each user gets a real scrypt password hash, which takes a moment on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
let db: Db;
let hostA: Actor;
let hostB: Actor;
let staffA: Actor;
let managerA: Actor;

async function actorFor(email: string): Promise<Actor> {
  const { userId, membership } = await createConfirmedUser(db, { name: email, email, password: "segredo1" });
  return { userId, organizationId: membership.organizationId, role: "owner" };
}

/** A second person in A's organization with the given role. */
async function memberOfA(email: string, role: "manager" | "staff"): Promise<Actor> {
  const { userId } = await createConfirmedUser(db, { name: email, email, password: "segredo1" });
  await db.insert(member).values({ organizationId: hostA.organizationId, userId, role });
  return { userId, organizationId: hostA.organizationId, role };
}

async function rowOf(id: string) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  return row;
}

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  db = handle.db;
  hostA = await actorFor("anfitria-a@example.com");
  hostB = await actorFor("anfitriao-b@example.com");
  staffA = await memberOfA("equipe-a@example.com", "staff");
  managerA = await memberOfA("gerente-a@example.com", "manager");
});
afterAll(async () => {
  await handle?.close();
});

describe("createProperty", () => {
  it("stores a trimmed name and address with a random 128-bit URL-safe hash", async () => {
    const created = await createProperty(db, hostA, { name: "  Casa da Praia ", address: " Rua A, 1 " });
    expect(created).toMatchObject({
      name: "Casa da Praia",
      address: "Rua A, 1",
      image: null,
      imageThumb: null,
    });
    // 16 bytes in base64url: 22 characters of [A-Za-z0-9_-], no padding.
    expect(created.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(created.hash, "base64url")).toHaveLength(16);
    expect(encodeURIComponent(created.hash)).toBe(created.hash);
    expect(await rowOf(created.id)).toMatchObject({ organizationId: hostA.organizationId, archivedAt: null });
  });

  it("gives every property a different hash", async () => {
    const hashes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      hashes.add((await createProperty(db, hostB, { name: `Flat ${i}`, address: "Av. B" })).hash);
    }
    expect(hashes.size).toBe(40);
  });

  it("keeps an image given as an ImageValue", async () => {
    const image = { image: "https://example.com/casa.jpg", imageThumb: "https://example.com/casa.jpg" };
    const created = await createProperty(db, hostA, { name: "Com foto", address: "Rua C", image });
    expect(created).toMatchObject(image);
  });

  it("requires name and address, with the spec's pt-BR messages, and stores nothing", async () => {
    const before = (await listProperties(db, hostA)).length;
    const err = await refusal(createProperty(db, hostA, { name: "   ", address: "" }));
    expect(err.kind).toBe("invalid");
    expect(err.fieldErrors).toEqual({ name: "Informe o nome do imóvel.", address: "Informe o endereço." });
    const missing = await refusal(createProperty(db, hostA, {}));
    expect(missing.fieldErrors).toEqual({
      name: "Informe o nome do imóvel.",
      address: "Informe o endereço.",
    });
    const long = await refusal(createProperty(db, hostA, { name: "x".repeat(121), address: "Rua" }));
    expect(long.fieldErrors).toEqual({ name: "O nome deve ter no máximo 120 caracteres." });
    expect(await listProperties(db, hostA)).toHaveLength(before);
  });

  it("is for owners and managers; staff are refused", async () => {
    const byManager = await createProperty(db, managerA, { name: "Do gerente", address: "Rua G" });
    expect(byManager.name).toBe("Do gerente");
    const err = await refusal(createProperty(db, staffA, { name: "Da equipe", address: "Rua E" }));
    expect(err.kind).toBe("forbidden");
    expect((await listProperties(db, hostA)).map((p) => p.name)).not.toContain("Da equipe");
  });
});

describe("listProperties and getProperty", () => {
  it("lists only the organization's own properties, newest first, staff included", async () => {
    const first = await createProperty(db, hostA, { name: "Primeiro", address: "Rua 1" });
    await afterInstant(db, first.createdAt);
    const second = await createProperty(db, hostA, { name: "Segundo", address: "Rua 2" });
    const list = await listProperties(db, staffA);
    expect(list.map((p) => p.id).slice(0, 2)).toEqual([second.id, first.id]);
    const names = (await listProperties(db, hostB)).map((p) => p.name);
    expect(names).not.toContain("Primeiro");
    expect(names.every((n) => n.startsWith("Flat "))).toBe(true);
  });

  it("finds one of the organization's properties; another organization's or a made-up id is null", async () => {
    const mine = await createProperty(db, hostA, { name: "Meu", address: "Rua M" });
    expect(await getProperty(db, hostA, mine.id)).toMatchObject({ name: "Meu", hash: mine.hash });
    expect(await getProperty(db, hostB, mine.id)).toBeNull();
    expect(await getProperty(db, hostA, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getProperty(db, hostA, "not-a-uuid")).toBeNull();
  });
});

describe("updateProperty", () => {
  it("changes name and address, keeps the hash, and says which image was replaced", async () => {
    const oldImage = { image: "/media/antiga.webp", imageThumb: "/media/antiga-thumb.webp" };
    const created = await createProperty(db, hostA, { name: "Antes", address: "Rua X", image: oldImage });
    const kept = await updateProperty(db, hostA, created.id, { name: "Depois", address: "Rua Y" });
    expect(kept.property).toMatchObject({
      name: "Depois",
      address: "Rua Y",
      hash: created.hash,
      ...oldImage,
    });
    expect(kept.replacedImage).toBeNull();

    const newImage = { image: "https://example.com/nova.jpg", imageThumb: "https://example.com/nova.jpg" };
    const replaced = await updateProperty(db, managerA, created.id, {
      name: "Depois",
      address: "Rua Y",
      image: newImage,
    });
    expect(replaced.property).toMatchObject(newImage);
    expect(replaced.replacedImage).toEqual(oldImage);

    const removed = await updateProperty(db, hostA, created.id, {
      name: "Depois",
      address: "Rua Y",
      image: null,
    });
    expect(removed.property).toMatchObject({ image: null, imageThumb: null });
    expect(removed.replacedImage).toEqual(newImage);
  });

  it("validates like create and changes nothing on a refusal", async () => {
    const created = await createProperty(db, hostA, { name: "Intacto", address: "Rua I" });
    const err = await refusal(updateProperty(db, hostA, created.id, { name: "", address: "Rua I" }));
    expect(err.fieldErrors).toEqual({ name: "Informe o nome do imóvel." });
    expect(await rowOf(created.id)).toMatchObject({ name: "Intacto" });
  });

  it("refuses staff, and another organization's or an archived property is not found", async () => {
    const created = await createProperty(db, hostA, { name: "Alvo", address: "Rua Alvo" });
    expect((await refusal(updateProperty(db, staffA, created.id, { name: "S", address: "S" }))).kind).toBe(
      "forbidden",
    );
    const foreign = await refusal(updateProperty(db, hostB, created.id, { name: "Invadido", address: "B" }));
    expect(foreign).toMatchObject({ kind: "not_found", message: "Imóvel não encontrado" });
    expect(await rowOf(created.id)).toMatchObject({ name: "Alvo", address: "Rua Alvo" });

    await deleteProperty(db, hostA, created.id);
    const archived = await refusal(updateProperty(db, hostA, created.id, { name: "Volta", address: "A" }));
    expect(archived.kind).toBe("not_found");
    expect((await refusal(updateProperty(db, hostA, "abc", { name: "N", address: "A" }))).kind).toBe(
      "not_found",
    );
  });
});

describe("deleteProperty", () => {
  it("archives: gone from lists, lookups and the guest shop, while the row stays", async () => {
    const created = await createProperty(db, hostA, { name: "Para excluir", address: "Rua D" });
    expect(await findPropertyByHash(db, created.hash)).toMatchObject({
      id: created.id,
      organizationId: hostA.organizationId,
      name: "Para excluir",
    });
    await deleteProperty(db, hostA, created.id);
    expect((await listProperties(db, hostA)).map((p) => p.id)).not.toContain(created.id);
    expect(await getProperty(db, hostA, created.id)).toBeNull();
    expect(await findPropertyByHash(db, created.hash)).toBeNull();
    const row = await rowOf(created.id);
    expect(row?.name).toBe("Para excluir");
    expect(row?.archivedAt).toBeInstanceOf(Date);
    // A second delete finds nothing to delete.
    expect((await refusal(deleteProperty(db, hostA, created.id))).kind).toBe("not_found");
  });

  it("refuses staff and another organization, and the property stays", async () => {
    const created = await createProperty(db, hostA, { name: "Fica", address: "Rua F" });
    expect((await refusal(deleteProperty(db, staffA, created.id))).kind).toBe("forbidden");
    expect((await refusal(deleteProperty(db, hostB, created.id))).kind).toBe("not_found");
    expect((await rowOf(created.id))?.archivedAt).toBeNull();
    expect((await listProperties(db, hostA)).map((p) => p.id)).toContain(created.id);
  });
});

describe("findPropertyByHash", () => {
  it("returns null for unknown or malformed hashes", async () => {
    expect(await findPropertyByHash(db, "AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(await findPropertyByHash(db, "")).toBeNull();
    expect(await findPropertyByHash(db, "' or 1=1 --")).toBeNull();
  });
});
