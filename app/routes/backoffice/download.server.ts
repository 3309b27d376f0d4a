import { refusalOf } from "~/domain/errors";
import type { Download } from "~/domain/qr/posters.server";
import { statusOf } from "../refusal.server";
import { notFoundUnlessFound } from "./not-found.server";

/**
 * A generated file as the answer of a GET. PDFs open in the browser's viewer (to print); images download.
 * Private, like every answer that does not say otherwise (a poster carries a shop's secret address).
 */
export function downloadResponse(file: Download): Response {
  const disposition = file.contentType === "application/pdf" ? "inline" : "attachment";
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Content-Disposition": `${disposition}; filename="${file.filename}"`,
    },
  });
}

/** A refusal as plain text with its status (404 for another organization's property or template). */
export function refusedDownload(err: unknown): Response {
  return new Response(refusalOf(err).message, {
    status: statusOf(err),
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The poster options of a URL (`?template=&paper=a4|a5&format=pdf|png`), with their defaults. */
export function posterOptions(url: string) {
  const params = new URL(url).searchParams;
  return {
    templateId: params.get("template") || null,
    paper: params.get("paper") === "a5" ? ("a5" as const) : ("a4" as const),
    format: params.get("format") === "png" ? ("png" as const) : ("pdf" as const),
  };
}

/**
 * A PDF the domain made, as the answer of a GET: `inline` opens the browser's viewer (to print), `attachment`
 * saves it. Another organization's record, or one that never existed, is the 404 page.
 */
export async function pdfResponse(
  made: Promise<{ bytes: Uint8Array; filename: string }>,
  disposition: "inline" | "attachment",
  headers: Record<string, string> = {},
): Promise<Response> {
  const pdf = notFoundUnlessFound(
    await made.catch((err: unknown) => {
      if (refusalOf(err).kind === "not_found") return null;
      throw err;
    }),
  );
  // pdf-lib types its bytes loosely (any ArrayBufferLike); they sit in a plain ArrayBuffer.
  return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${pdf.filename}"`,
      ...headers,
    },
  });
}
