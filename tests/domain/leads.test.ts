// recordLead on an in-memory PGlite: what is stored, what is refused (in which language), the honeypot
// and the per-address limit.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { LEAD_THROTTLE, recordLead, registrationUrl } from "~/domain/leads/record-lead.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { leads } from "~/platform/db/schema";

let handle: DatabaseHandle;
let n = 0;
/** Each test is its own visitor, so the address limit of one never touches another. */
const visitor = () => ({ ip: `203.0.113.${++n}` });

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function leadsFor(email: string) {
  return handle.db.select().from(leads).where(eq(leads.email, email));
}

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
}, 30_000);

afterAll(async () => {
  await handle?.close();
});

describe("a valid lead", () => {
  it("is stored with every field, its language and time, and continues to registration pre-filled", async () => {
    const now = new Date("2026-03-02T12:00:00Z");
    const result = await recordLead(
      handle.db,
      visitor(),
      form({
        name: "  Ana Souza ",
        email: " Ana.Souza@Example.com ",
        phone: "(48) 99999-0000",
        propertiesCount: "3",
        language: "en",
        website: "",
      }),
      now,
    );
    expect(result).toEqual({
      language: "en",
      stored: true,
      registrationUrl: "/auth?tab=criar-conta&name=Ana+Souza&email=ana.souza%40example.com",
    });
    const rows = await leadsFor("ana.souza@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fullName: "Ana Souza",
      email: "ana.souza@example.com",
      phone: "(48) 99999-0000",
      propertiesCount: "3",
      language: "en",
      createdAt: now,
    });
  });

  it("needs only the email; an unknown language is taken as pt-BR", async () => {
    const result = await recordLead(
      handle.db,
      visitor(),
      form({ email: "so-email@example.com", language: "fr" }),
    );
    expect(result).toMatchObject({ language: "pt-BR", stored: true });
    const [row] = await leadsFor("so-email@example.com");
    expect(row).toMatchObject({ fullName: "", phone: "", propertiesCount: "", language: "pt-BR" });
  });

  it("builds the registration link with every character escaped", () => {
    expect(registrationUrl("João & Maria", "a+b@example.com")).toBe(
      "/auth?tab=criar-conta&name=Jo%C3%A3o+%26+Maria&email=a%2Bb%40example.com",
    );
  });
});

describe("a refused lead", () => {
  it.each([
    [
      "pt-BR",
      "Confira os dados destacados e tente de novo.",
      "Informe um e-mail válido, como nome@exemplo.com.",
    ],
    [
      "en",
      "Please check the highlighted fields and try again.",
      "Enter a valid email address, like name@example.com.",
    ],
    [
      "es",
      "Revisa los campos destacados e inténtalo de nuevo.",
      "Ingresa un correo electrónico válido, como nombre@ejemplo.com.",
    ],
  ])(
    "explains an invalid email in the page's language (%s) and stores nothing",
    async (language, failed, message) => {
      await expect(
        recordLead(
          handle.db,
          visitor(),
          form({ name: "Bia", email: "bia-sem-arroba", phone: "123", language }),
        ),
      ).rejects.toEqual(new AppError("invalid", failed, { email: message }));
      expect(await leadsFor("bia-sem-arroba")).toHaveLength(0);
    },
  );

  it("refuses a missing email, a phone with letters, and overlong name and property count", async () => {
    await expect(
      recordLead(
        handle.db,
        visitor(),
        form({ name: "x".repeat(121), phone: "ligue pra mim", propertiesCount: "1".repeat(21) }),
      ),
    ).rejects.toEqual(
      new AppError("invalid", "Confira os dados destacados e tente de novo.", {
        name: "O nome deve ter no máximo 120 caracteres.",
        email: "Informe um e-mail válido, como nome@exemplo.com.",
        phone: "Informe um telefone com DDD, só com números, espaços, parênteses, + ou -.",
        propertiesCount: "Informe quantos imóveis você tem, com até 20 caracteres.",
      }),
    );
  });
});

describe("the honeypot", () => {
  it("answers a bot exactly like a person but stores nothing", async () => {
    const result = await recordLead(
      handle.db,
      visitor(),
      form({ name: "Bot", email: "bot@example.com", website: "https://spam.example" }),
    );
    expect(result).toMatchObject({
      stored: false,
      registrationUrl: "/auth?tab=criar-conta&name=Bot&email=bot%40example.com",
    });
    expect(await leadsFor("bot@example.com")).toHaveLength(0);
  });
});

describe("the limit per address", () => {
  it(`lets ${LEAD_THROTTLE.limit} leads an hour through from one address, then refuses in the visitor's language`, async () => {
    const from = visitor();
    const now = new Date("2026-03-02T15:10:00Z");
    for (let i = 1; i <= LEAD_THROTTLE.limit; i++) {
      const lead = await recordLead(handle.db, from, form({ email: `lote${i}@example.com` }), now);
      expect(lead.stored, `lead ${i}`).toBe(true);
    }
    await expect(
      recordLead(handle.db, from, form({ email: "lote-extra@example.com", language: "es" }), now),
    ).rejects.toEqual(
      new AppError(
        "rate_limited",
        "Demasiados envíos desde esta dirección. Inténtalo de nuevo en 50 minutos.",
        undefined,
        { retryAfterSeconds: 50 * 60 },
      ),
    );
    expect(await leadsFor("lote-extra@example.com")).toHaveLength(0);

    // Another address is not affected, and the same one is welcome again in the next window.
    expect((await recordLead(handle.db, visitor(), form({ email: "vizinho@example.com" }), now)).stored).toBe(
      true,
    );
    const nextHour = new Date("2026-03-02T16:00:00Z");
    expect((await recordLead(handle.db, from, form({ email: "depois@example.com" }), nextHour)).stored).toBe(
      true,
    );
  });

  it("does not count refused forms against the address", async () => {
    const from = visitor();
    const now = new Date("2026-03-02T18:00:00Z");
    for (let i = 0; i < LEAD_THROTTLE.limit + 5; i++) {
      await expect(recordLead(handle.db, from, form({ email: "invalido" }), now)).rejects.toMatchObject({
        kind: "invalid",
      });
    }
    expect((await recordLead(handle.db, from, form({ email: "valido@example.com" }), now)).stored).toBe(true);
  });
});
