/** The name as shown in the account menu; 'Usuário' when the account has none. */
export function displayName(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? "";
  return trimmed === "" ? "Usuário" : trimmed;
}

/** First letters of up to two words of the name, uppercase ('maria da silva' → 'MD'); 'U' when empty. */
export function initials(name: string | null | undefined): string {
  // NFC keeps a decomposed accent ('A' + U+0302) together with its letter.
  const words = (name ?? "").normalize("NFC").trim().split(/\s+/).filter(Boolean);
  // Array.from splits by code point, so a letter outside the BMP is not cut in half.
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  const result = letters.join("").toLocaleUpperCase("pt-BR");
  return result === "" ? "U" : result;
}
