// The route contract (ADR 0053) as a caller sees it: the input parser's refusals, and the dispatcher's
// answers (done, refused through the one kind → status table, an unknown intent, a redirect passed on).
import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/domain/errors";
import { parseInput, rowId } from "~/domain/parse-input";
import { answer, answerIntent, notDone, UNKNOWN_INTENT } from "~/routes/intents.server";
import { STATUS_OF_KIND } from "~/routes/refusal.server";

const schema = z.object({ id: rowId("Pedido não encontrado."), name: z.string().min(2) });

/** The AppError a call threw (the test fails if it threw nothing, or something else). */
function refusalOf(call: () => unknown): AppError {
  try {
    call();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("the input parser", () => {
  it("refuses a row id that is not a uuid as not found, before anything else", () => {
    const refusal = refusalOf(() => parseInput(schema, { id: "42", name: "" }));
    expect({ kind: refusal.kind, message: refusal.message }).toEqual({
      kind: "not_found",
      message: "Pedido não encontrado.",
    });
  });

  it("says zod's own messages in pt-BR, first per field, under the form's message", () => {
    const refusal = refusalOf(() =>
      parseInput(schema, { id: "0b6f8a52-9a7e-4d3c-8f4e-2a1b3c4d5e6f", name: "A" }, "Confira o nome."),
    );
    expect(refusal.kind).toBe("invalid");
    expect(refusal.message).toBe("Confira o nome.");
    expect(refusal.fieldErrors?.name).toMatch(/^Pequeno demais/);
  });
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the intent dispatcher", () => {
  const handlers = {
    save: () => "Salvo.",
    count: () => ({ message: "Contado.", total: 3 }),
    sync: () => notDone("O calendário não respondeu."),
    go: () => redirect("/dashboard"),
    full: () => {
      throw new AppError("conflict", "Já existe.", { name: "Outro nome." });
    },
  };

  it("answers the handler the form's intent names", async () => {
    expect(await answerIntent(form({ intent: "save" }), handlers)).toEqual({
      ok: true,
      intent: "save",
      message: "Salvo.",
    });
    expect(await answerIntent(form({ intent: "count" }), handlers)).toMatchObject({ ok: true, total: 3 });
    expect(await answerIntent(form({ intent: "sync" }), handlers)).toEqual({
      ok: false,
      intent: "sync",
      message: "O calendário não respondeu.",
    });
    const moved = await answerIntent(form({ intent: "go" }), handlers);
    expect(moved instanceof Response && moved.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses through the one table, with the field messages and what was typed", async () => {
    const refused = await answerIntent(form({ intent: "full" }), handlers, { values: { name: "Casa" } });
    expect(refused).toMatchObject({
      data: { ok: false, intent: "full", message: "Já existe.", fieldErrors: { name: "Outro nome." } },
      init: { status: STATUS_OF_KIND.conflict },
    });
    expect(refused).toMatchObject({ data: { values: { name: "Casa" } } });
  });

  it("refuses an intent it does not know, and a toString that is not its own", async () => {
    for (const intent of ["apagar-tudo", "toString", ""]) {
      expect(await answerIntent(form({ intent }), handlers)).toMatchObject({
        data: { ok: false, message: UNKNOWN_INTENT },
        init: { status: STATUS_OF_KIND.invalid },
      });
    }
  });

  it("passes on anything that is not a refusal (a bug goes to the error page)", async () => {
    await expect(
      answer("save", () => {
        throw new TypeError("boom");
      }),
    ).rejects.toThrow("boom");
  });
});
