import { getProperty, listProperties } from "~/domain/properties/read-properties.server";
import type { Db } from "~/platform/db/database-handle.server";
import type { Paper } from "~/platform/qr/poster-pdf.server";
import { renderPosterPng } from "~/platform/qr/poster-png.server";
import { qrCodePng, qrCodeSvg } from "~/platform/qr/qr-files.server";
import { AppError } from "../errors";
import { PROPERTY_TEXT } from "../properties/messages";
import { recordActivity } from "../team/activity.server";
import { type Actor, assertCan } from "../team/permissions";
import { QR_TEXT as T } from "./messages";
import { posterTemplate } from "./poster-template.server";

export type { Paper };

// pdf-lib is loaded with the first poster, not at start (an idle instance does not carry it).
const posterPdf = () => import("~/platform/qr/poster-pdf.server");
export type PosterFormat = "pdf" | "png";

/** A file for the browser to download. */
export type Download = { body: Uint8Array; contentType: string; filename: string };

/** The address a property's QR code opens: its guest shop on the configured public origin. */
export function shopUrl(appUrl: string, hash: string): string {
  return `${appUrl.replace(/\/+$/, "")}/i/${hash}`;
}

async function ownProperty(db: Db, actor: Actor, propertyId: string) {
  const property = await getProperty(db, actor, propertyId);
  if (!property) throw new AppError("not_found", PROPERTY_TEXT.notFound);
  return property;
}

/** A property's QR code alone, to print or place in the host's own designs (SVG or PNG). */
export async function propertyQrCode(
  db: Db,
  actor: Actor,
  input: { propertyId: string; format: "svg" | "png"; appUrl: string },
): Promise<Download> {
  assertCan(actor, "catalog.read");
  const property = await ownProperty(db, actor, input.propertyId);
  const url = shopUrl(input.appUrl, property.hash);
  const filename = `qr-code-${slug(property.name)}.${input.format}`;
  await noteDownload(db, actor, property.name, [property.id]);
  return input.format === "svg"
    ? { body: new TextEncoder().encode(qrCodeSvg(url)), contentType: "image/svg+xml", filename }
    : { body: await qrCodePng(url), contentType: "image/png", filename };
}

/** One property's poster on a template (see posterTemplate for which), as a PDF page or a PNG. */
export async function propertyPoster(
  db: Db,
  actor: Actor,
  input: {
    propertyId: string;
    templateId?: string | null;
    format: PosterFormat;
    paper: Paper;
    appUrl: string;
  },
): Promise<Download> {
  assertCan(actor, "catalog.read");
  const property = await ownProperty(db, actor, input.propertyId);
  const { template, line } = await posterTemplate(db, actor, input.templateId);
  const text = { url: shopUrl(input.appUrl, property.hash), name: property.name, line };
  const name = `cartaz-${slug(property.name)}`;
  await noteDownload(db, actor, property.name, [property.id]);
  if (input.format === "png") {
    return { body: await renderPosterPng(template, text), contentType: "image/png", filename: `${name}.png` };
  }
  return {
    body: await (await posterPdf()).renderPostersPdf(template, [text], input.paper),
    contentType: "application/pdf",
    filename: `${name}-${input.paper}.pdf`,
  };
}

/** 'Imprimir todos': one PDF with a page per property of the organization, in the list's order. */
export async function allPropertyPosters(
  db: Db,
  actor: Actor,
  input: { templateId?: string | null; paper: Paper; appUrl: string },
): Promise<Download> {
  assertCan(actor, "catalog.read");
  const list = await listProperties(db, actor);
  if (list.length === 0) throw new AppError("invalid", T.noProperties);
  const { template, line } = await posterTemplate(db, actor, input.templateId);
  const texts = list.map((p) => ({ url: shopUrl(input.appUrl, p.hash), name: p.name, line }));
  await noteDownload(
    db,
    actor,
    list.map((p) => p.name).join(", "),
    list.map((p) => p.id),
  );
  return {
    body: await (await posterPdf()).renderPostersPdf(template, texts, input.paper),
    contentType: "application/pdf",
    filename: `cartazes-${input.paper}.pdf`,
  };
}

/**
 * A QR code or poster on its way to a printer: a line in the organization's activity, which the getting-started
 * checklist reads for its 'print the poster' step.
 */
async function noteDownload(db: Db, actor: Actor, subject: string, propertyIds: string[]): Promise<void> {
  await recordActivity(db, actor, "property.poster_downloaded", subject, { propertyIds });
}

/** A file name from a property's name: ASCII letters, digits and dashes. */
function slug(name: string): string {
  const ascii = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return ascii || "imovel";
}
