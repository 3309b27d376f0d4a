import { en } from "./catalogues/en";
import { es } from "./catalogues/es";
import { type GuestMessages, ptBR } from "./catalogues/pt-BR";
import type { GuestLocale } from "./locale";

export type { GuestMessages };

const CATALOGUES: Record<GuestLocale, GuestMessages> = { "pt-BR": ptBR, en, es };

/** The guest pages' messages in `locale` (server side: a guest script gets only the few it needs). */
export function guestMessages(locale: GuestLocale): GuestMessages {
  return CATALOGUES[locale];
}

const fromPortuguese = new Map<GuestLocale, Map<string, string>>();

/**
 * A pt-BR sentence the domain gave (an AppError's message, a stored status text) in `locale`. The domain
 * speaks pt-BR, its sentences come from the pt-BR catalogue, and the same place in another catalogue holds
 * the translation (the pt-BR text is the message id, as gettext's msgid). A text no catalogue holds is
 * returned as it is.
 */
export function translateFromPortuguese(locale: GuestLocale, text: string): string {
  if (locale === "pt-BR") return text;
  let table = fromPortuguese.get(locale);
  if (!table) {
    table = new Map();
    pairStrings(ptBR, CATALOGUES[locale], table);
    fromPortuguese.set(locale, table);
  }
  return table.get(text) ?? text;
}

function pairStrings(source: unknown, target: unknown, into: Map<string, string>): void {
  if (typeof source === "string" && typeof target === "string") {
    if (!into.has(source)) into.set(source, target);
    return;
  }
  if (source && target && typeof source === "object" && typeof target === "object") {
    for (const [key, value] of Object.entries(source)) {
      pairStrings(value, (target as Record<string, unknown>)[key], into);
    }
  }
}
