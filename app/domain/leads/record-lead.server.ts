import type { Db } from "~/platform/db/database-handle.server";
import { leads } from "~/platform/db/schema";
import { type ThrottlePolicy, throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { LEAD_FIELDS } from "./lead-fields";
import { leadSchema } from "./lead-schema";
import { formLanguage, formText, leadValues } from "./lead-values";
import { LEAD_TEXT, type LeadLanguage } from "./messages";

/** 10 sign-ups per client address per hour: plenty for an office sharing one address, useless to a flood. */
export const LEAD_THROTTLE = {
  name: "lead-ip",
  limit: 10,
  windowSeconds: 60 * 60,
} as const satisfies ThrottlePolicy;

/** The anonymous visitor who sent the form. */
export type Visitor = { ip: string };

export type RecordedLead = { language: LeadLanguage; registrationUrl: string; stored: boolean };

/** /auth on the 'Criar conta' tab with the name and email filled in. */
export function registrationUrl(name: string, email: string): string {
  return `/auth?${new URLSearchParams({ tab: "criar-conta", name, email })}`;
}

/**
 * Records a landing-page lead and says where registration continues. A filled honeypot gets the same
 * answer as a person (so a bot learns nothing) but nothing is stored. Refusals are in the form's language;
 * what was typed stays in the form (lead-values.ts), not in the refusal.
 */
export async function recordLead(
  db: Db,
  visitor: Visitor,
  form: FormData,
  now = new Date(),
): Promise<RecordedLead> {
  const language = formLanguage(form);
  const text = LEAD_TEXT[language];
  const lead = parseInput(leadSchema(language), leadValues(form), text.failed);

  const limit = await throttleHit(db, LEAD_THROTTLE, visitor.ip, now);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw new AppError("rate_limited", text.tooMany(minutes), undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }

  const isBot = formText(form, LEAD_FIELDS.honeypot).trim() !== "";
  if (!isBot) {
    await db.insert(leads).values({
      fullName: lead.name,
      email: lead.email,
      phone: lead.phone,
      propertiesCount: lead.propertiesCount,
      language,
      createdAt: now,
    });
  }
  return { language, registrationUrl: registrationUrl(lead.name, lead.email), stored: !isBot };
}
