// What the QR tests need beyond the text-only test browser: a multipart form post (a file input, as a
// browser sends it without JavaScript) and binary downloads.
import type { Browser } from "./accounts";

export type Download = { status: number; headers: Headers; bytes: Uint8Array; text: string };

function cookieHeader(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A GET whose body is kept as bytes (a PNG, a PDF). */
export async function download(browser: Browser, path: string): Promise<Download> {
  const res = await fetch(new URL(path, browser.server.url), {
    headers: { cookie: cookieHeader(browser), ...(browser.ip ? { "x-forwarded-for": browser.ip } : {}) },
    redirect: "manual",
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

/** Posts a multipart form with an optional file in `imageFile`, as the template form does before its script runs. */
export async function postMultipart(
  browser: Browser,
  path: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Uint8Array },
): Promise<{ status: number; location: string | null; setCookie: string | null; body: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("imageFile", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const res = await fetch(new URL(path, browser.server.url), {
    method: "POST",
    body: form,
    headers: {
      cookie: cookieHeader(browser),
      origin: browser.origin ?? browser.server.url,
      ...(browser.ip ? { "x-forwarded-for": browser.ip } : {}),
    },
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    setCookie: res.headers.get("set-cookie"),
    body: await res.text(),
  };
}
