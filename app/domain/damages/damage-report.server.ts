import { formatDateTime, formatDay, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { Db } from "~/platform/db/database-handle.server";
import type { DamageReportDocument } from "~/platform/pdf/damage-report-pdf.server";
import { loadSharp } from "~/platform/sharp.server";
import { mediaStorage } from "~/platform/storage/storage.server";
import { mediaKeyOf } from "../images/image-input.server";
import { sourceLabel } from "../stays/feed-source";
import { stayDates } from "../stays/stay-dates-text";
import { type Actor, assertCan } from "../team/permissions";
import { daysLeftText } from "./claim-deadline";
import { eventText } from "./damage-labels";
import { DAMAGE_STATUS_LABEL } from "./damage-status";
import { type DamagePhoto, getDamage } from "./read-damages.server";

/**
 * The claim report of a record as an A4 PDF ('damage.manage'), ready to attach to the platform's claim:
 * property, stay and source, reservation code, deadline, description, itemised amounts and total, the
 * timeline and every photo with when it was taken or uploaded. Another organization's record is not_found.
 */
export async function damageReportPdf(
  db: Db,
  actor: Actor,
  id: unknown,
  now: Date = new Date(),
): Promise<{ bytes: Uint8Array; filename: string }> {
  assertCan(actor, "damage.manage");
  const d = await getDamage(db, actor, id);
  // 'damage.manage' reads the amounts: without them this is a bug, not a report with zeros.
  const amounts = d.amounts;
  if (!amounts) throw new Error("the claim report is read without its amounts");
  const facts: DamageReportDocument["facts"] = [
    { label: "Organização", value: d.organizationName },
    { label: "Imóvel", value: d.propertyName },
    { label: "Endereço", value: d.propertyAddress || "-" },
  ];
  if (d.stay) {
    facts.push(
      { label: "Estadia", value: stayDates(d.stay) },
      { label: "Origem", value: sourceLabel(d.stay.source) },
    );
    if (d.stay.reservationCode) facts.push({ label: "Código da reserva", value: d.stay.reservationCode });
  } else {
    facts.push({ label: "Estadia", value: "Sem estadia" });
  }
  if (d.claimDeadline) {
    const left = daysLeftText(d.claimDeadline, saoPauloDay(now));
    facts.push({ label: "Prazo para pedir o reembolso", value: `${formatDay(d.claimDeadline)} (${left})` });
  }
  facts.push(
    { label: "Status", value: DAMAGE_STATUS_LABEL[d.status] },
    {
      label: "Registrada em",
      value: `${formatDateTime(d.createdAt)}${d.createdByName ? ` por ${d.createdByName}` : ""}`,
    },
  );
  const photos = await Promise.all(d.photos.map((p, i) => jpegOf(p, i, d.photos.length)));
  // pdf-lib is loaded with the first report, not at start (an idle instance does not carry it).
  const { renderDamageReportPdf } = await import("~/platform/pdf/damage-report-pdf.server");
  const bytes = await renderDamageReportPdf({
    title: "Relatório de avaria",
    facts,
    heading: d.title,
    description: d.description ? d.description.split(/\n+/) : ["Sem descrição."],
    itemsHeading: "Itens e valores estimados",
    items: d.items.map((i) => ({
      description: i.description,
      amount: formatCents(amounts.itemCents[i.id] ?? 0),
    })),
    itemsEmpty: "Nenhum item com valor informado.",
    total: formatCents(amounts.totalCents),
    notes:
      amounts.recoveredCents !== null
        ? [
            `Valor recuperado: ${formatCents(amounts.recoveredCents)}${amounts.reimbursedAt ? ` em ${formatDay(saoPauloDay(amounts.reimbursedAt))}` : ""}`,
          ]
        : [],
    timeline: d.events.map((e) => ({
      when: formatDateTime(e.createdAt),
      what: eventText(e),
      who: e.actorName ?? "",
    })),
    photos: photos.flatMap((p) => (p ? [p] : [])),
    photosEmpty: "Nenhuma foto.",
    footer: `Estadia · Relatório de avaria · gerado em ${formatDateTime(now)}`,
  });
  return { bytes, filename: `avaria-${d.id.slice(0, 8)}.pdf` };
}

/** A stored photo as JPEG for pdf-lib (which embeds no WebP), with its caption; null when it is gone. */
async function jpegOf(photo: DamagePhoto, index: number, count: number) {
  const key = mediaKeyOf(photo.image);
  const stored = key ? await mediaStorage().get(key) : null;
  if (!stored) return null;
  const sharp = await loadSharp();
  const { data, info } = await sharp(stored.bytes)
    .resize({ width: 1200, height: 1200, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const when = photo.takenAt
    ? `Tirada em ${formatDateTime(photo.takenAt)} · enviada em ${formatDateTime(photo.uploadedAt)}`
    : `Enviada em ${formatDateTime(photo.uploadedAt)}`;
  return {
    jpeg: new Uint8Array(data),
    width: info.width,
    height: info.height,
    caption: `Foto ${index + 1} de ${count} · ${when}${photo.uploadedBy ? ` por ${photo.uploadedBy}` : ""}`,
  };
}
