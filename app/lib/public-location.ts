/**
 * A guess at what guests may see of an address: the neighbourhood and city, without street, number or flat.
 * "Rua XV de Novembro, 350, ap. 82 — Centro, Curitiba/PR" → "Centro, Curitiba/PR". Only a suggestion the
 * host accepts or edits; "" when nothing safe is found.
 */
export function suggestPublicLocation(address: string): string {
  const dash = address.split(/\s+[—–-]\s+/);
  // "street, number — neighbourhood, city": what follows the dash already leaves the street out.
  const tail = dash.length > 1 && /,/.test(dash.slice(1).join(" - ")) ? dash.slice(1).join(" - ") : address;
  // Parts with a digit are the number, the flat or the postcode; a street name is the first part.
  const parts = tail
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p && !/\d/.test(p));
  const places = tail === address ? parts.slice(1) : parts;
  return places.slice(-2).join(", ");
}
