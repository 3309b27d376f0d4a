import type { LandingContent, LandingLang } from "~/ui/marketing/landing-types";

/** Estadia's configured fee (PLATFORM_FEE_PERCENT in basis points) and free days, read by the loader. */
export type LandingFees = { platformFeeBps: number; freeTrialDays: number };

/** The marker in a FAQ answer that stands for the fee sentence. */
const MARKER = "{fees}";

const LOCALE: Record<LandingLang, string> = { "pt-BR": "pt-BR", en: "en-US", es: "es-ES" };

// One sentence per language: no monthly fee, only the per-sale fee, none in the first days.
const SENTENCE: Record<LandingLang, (percent: string, days: number) => string> = {
  "pt-BR": (percent, days) =>
    `O Estadia não tem mensalidade nem fidelidade: ganha apenas ${percent}% de cada venda${
      days > 0 ? `, e nada nas vendas ${days === 1 ? "do primeiro dia" : `dos primeiros ${days} dias`}` : ""
    }.`,
  en: (percent, days) =>
    `Estadia has no monthly fee and no lock-in: it earns only ${percent}% of each sale${
      days > 0 ? `, and nothing on the sales of your first ${days === 1 ? "day" : `${days} days`}` : ""
    }.`,
  es: (percent, days) =>
    `Estadia no tiene mensualidad ni permanencia: gana solo el ${percent}% de cada venta${
      days > 0
        ? `, y nada en las ventas ${days === 1 ? "del primer día" : `de tus primeros ${days} días`}`
        : ""
    }.`,
};

export function feeSentence(lang: LandingLang, fees: LandingFees): string {
  const percent = (fees.platformFeeBps / 100).toLocaleString(LOCALE[lang], { maximumFractionDigits: 2 });
  return SENTENCE[lang](percent, fees.freeTrialDays);
}

/** The content with the FAQ's fee sentence written from the configured values. */
export function withFees(content: LandingContent, fees: LandingFees): LandingContent {
  const sentence = feeSentence(content.lang, fees);
  const items = content.faq.items.map((item) =>
    item.answer.includes(MARKER) ? { ...item, answer: item.answer.replace(MARKER, sentence) } : item,
  );
  return { ...content, faq: { ...content.faq, items } };
}
