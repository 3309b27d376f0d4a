import type { GuestLocale } from "./locale";

/** A message that depends on a count, by CLDR plural category ('one' and 'other' cover pt, en and es). */
export type PluralForms = { zero?: string; one: string; many?: string; other: string };

const rules = new Map<GuestLocale, Intl.PluralRules>();

/**
 * The form for `count` in `locale`, with `#` replaced by the count: plural(locale, 3, { one: "# item",
 * other: "# itens" }) → "3 itens". `zero` is used for 0 when given (CLDR has no zero category in these).
 */
export function plural(locale: GuestLocale, count: number, forms: PluralForms): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  const category = rule.select(count);
  const form =
    count === 0 && forms.zero !== undefined
      ? forms.zero
      : category === "one"
        ? forms.one
        : category === "many" && forms.many !== undefined
          ? forms.many
          : forms.other;
  return form.replaceAll("#", String(count));
}
