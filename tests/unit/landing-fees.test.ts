import { describe, expect, it } from "vitest";
import { CONTENT_EN } from "~/routes/marketing/content-en";
import { CONTENT_ES } from "~/routes/marketing/content-es";
import { CONTENT_PT } from "~/routes/marketing/content-pt";
import { CONTENT_V2 } from "~/routes/marketing/content-v2";
import { feeSentence, withFees } from "~/routes/marketing/landing-fees";

const fees = { platformFeeBps: 300, freeTrialDays: 7 };

describe("the landing FAQ's fee sentence", () => {
  it("says the configured fee and free days in each language, in the monthly-fee answer", () => {
    const answers = [CONTENT_PT, CONTENT_EN, CONTENT_ES, CONTENT_V2].map(
      (content) => withFees(content, fees).faq.items[0]?.answer,
    );
    expect(answers).toEqual([
      "Não. O Estadia não tem mensalidade nem fidelidade: ganha apenas 3% de cada venda, e nada nas vendas dos primeiros 7 dias. Você começa sem cadastrar cartão de crédito.",
      "No. Estadia has no monthly fee and no lock-in: it earns only 3% of each sale, and nothing on the sales of your first 7 days. You get started with no credit card.",
      "No. Estadia no tiene mensualidad ni permanencia: gana solo el 3% de cada venta, y nada en las ventas de tus primeros 7 días. Empiezas sin registrar tarjeta de crédito.",
      "Não. O Estadia não tem mensalidade nem fidelidade: ganha apenas 3% de cada venda, e nada nas vendas dos primeiros 7 dias. Você começa sem cadastrar cartão de crédito.",
    ]);
  });

  it("keeps every other question, and leaves no marker anywhere", () => {
    for (const content of [CONTENT_PT, CONTENT_EN, CONTENT_ES]) {
      const items = withFees(content, fees).faq.items;
      expect(items.map((i) => i.question)).toEqual(content.faq.items.map((i) => i.question));
      expect(items.slice(1)).toEqual(content.faq.items.slice(1));
      expect(JSON.stringify(items)).not.toContain("{fees}");
    }
  });

  it("follows other settings: decimals per language, one free day, none", () => {
    expect(feeSentence("pt-BR", { platformFeeBps: 250, freeTrialDays: 1 })).toBe(
      "O Estadia não tem mensalidade nem fidelidade: ganha apenas 2,5% de cada venda, e nada nas vendas do primeiro dia.",
    );
    expect(feeSentence("en", { platformFeeBps: 250, freeTrialDays: 0 })).toBe(
      "Estadia has no monthly fee and no lock-in: it earns only 2.5% of each sale.",
    );
    expect(feeSentence("es", { platformFeeBps: 350, freeTrialDays: 14 })).toContain(
      "gana solo el 3,5% de cada venta, y nada en las ventas de tus primeros 14 días",
    );
  });
});
