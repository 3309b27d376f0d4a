// The interface's words (issue 25): one spelling of each, everywhere a host or a guest reads it.
// tests/unit/glossary.test.ts scans the interface strings for the forbidden variants.

export type GlossaryEntry = {
  /** The word as the interface writes it. */
  word: string;
  /** What a forbidden variant says instead: shown by the test next to the text that uses it. */
  use: string;
  forbidden: RegExp;
};

export const GLOSSARY: readonly GlossaryEntry[] = [
  // A rental unit is an imóvel, as the navigation and the spec's own toasts call it.
  { word: "Imóvel", use: "Imóvel / Imóveis", forbidden: /\bpropriedades?\b/i },
  // Lower case inside a sentence ('seu e-mail') is the same word.
  { word: "E-mail", use: "E-mail (e-mail no meio da frase)", forbidden: /\bemails?\b/i },
  // The Banco Central's brand is written Pix; "PIX" stays only where an API expects it.
  { word: "Pix", use: "Pix", forbidden: /\bPIX\b/ },
];

export type GlossaryViolation = { word: string; use: string; found: string };

/** The glossary words this text spells another way. */
export function glossaryViolations(text: string): GlossaryViolation[] {
  const found: GlossaryViolation[] = [];
  for (const entry of GLOSSARY) {
    const match = entry.forbidden.exec(text);
    if (match) found.push({ word: entry.word, use: entry.use, found: match[0] });
  }
  return found;
}
