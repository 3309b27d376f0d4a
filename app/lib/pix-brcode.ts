// PIX 'copia e cola': an EMV QR Code (BR Code) as the Banco Central's manual defines it. Each field is
// ID (2 digits) + length (2 digits) + value; field 63 is a CRC16-CCITT-FALSE over everything before it,
// '6304' included.

const GUI = "br.gov.bcb.pix";

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), as 4 uppercase hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Plain uppercase ASCII, as the merchant name and city fields expect. */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .toUpperCase()
    .slice(0, max);
}

export type BrCodeInput = {
  /** The receiver's PIX key (EVP, email, phone, CPF/CNPJ). */
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** The charge's id (txid): letters and digits, at most 25. */
  txid: string;
  /** A charge meant to be paid once (point of initiation 12) rather than a reusable code. */
  singleUse?: boolean;
};

/** Builds a BR Code for one charge. */
export function buildBrCode(input: BrCodeInput): string {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error("amount must be positive");
  const txid = input.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25) || "***";
  const body = [
    field("00", "01"),
    input.singleUse === false ? "" : field("01", "12"),
    field("26", field("00", GUI) + field("01", input.key)),
    field("52", "0000"),
    field("53", "986"),
    field("54", (input.amountCents / 100).toFixed(2)),
    field("58", "BR"),
    field("59", plain(input.merchantName, 25) || "ESTADIA"),
    field("60", plain(input.merchantCity, 15) || "SAO PAULO"),
    field("62", field("05", txid)),
  ].join("");
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}

export type ParsedBrCode = {
  fields: Map<string, string>;
  key: string | null;
  amountCents: number | null;
  merchantName: string | null;
  merchantCity: string | null;
  txid: string | null;
};

function readFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4))) return null;
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/** Reads a BR Code, or null when it is not one (bad structure, not PIX, or a CRC that does not match). */
export function parseBrCode(code: string): ParsedBrCode | null {
  const fields = readFields(code);
  if (fields?.get("00") !== "01") return null;
  const crc = fields.get("63");
  if (!crc || !code.endsWith(`6304${crc}`) || crc16(code.slice(0, -4)) !== crc.toUpperCase()) return null;
  const account = readFields(fields.get("26") ?? "");
  if (!account || account.get("00")?.toLowerCase() !== GUI) return null;
  const amount = fields.get("54");
  const additional = readFields(fields.get("62") ?? "");
  return {
    fields,
    key: account.get("01") ?? null,
    amountCents: amount && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null,
    merchantName: fields.get("59") ?? null,
    merchantCity: fields.get("60") ?? null,
    txid: additional?.get("05") ?? null,
  };
}
