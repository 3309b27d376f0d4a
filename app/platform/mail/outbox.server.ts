import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type OutboxMessage = {
  file: string;
  to: string;
  subject: string;
  date: Date;
  text: string;
  html: string;
};

/** Messages kept in the dev outbox, newest first. A missing folder is an empty outbox. */
export function readOutbox(dir: string): OutboxMessage[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((file) => ({ file, ...parseEml(readFileSync(path.join(dir, file), "utf8")) }));
}

/** Enough RFC 822/MIME for what our own mailer writes: headers, one multipart level, base64 or 7bit parts. */
export function parseEml(raw: string): Omit<OutboxMessage, "file"> {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = splitHeaders(chunk.replace(/^\r?\n/, ""));
      const type = (part.headers["content-type"] ?? "text/plain").split(";")[0]?.trim() ?? "";
      parts[type] = decodeBody(part.body, part.headers["content-transfer-encoding"]);
    }
  } else {
    const type = (headers["content-type"] ?? "text/plain").split(";")[0]?.trim() ?? "";
    parts[type] = decodeBody(body, headers["content-transfer-encoding"]);
  }
  return {
    to: decodeWords(headers.to ?? ""),
    subject: decodeWords(headers.subject ?? ""),
    date: new Date(headers.date ?? 0),
    text: parts["text/plain"] ?? "",
    html: parts["text/html"] ?? "",
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = encoding?.toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return decodeQuotedPrintable(body.replace(/=\r?\n/g, ""));
  return body.trimEnd();
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
