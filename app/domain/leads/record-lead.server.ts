import type { Db } from "~/platform/db/database-handle.server";
import { leads } from "~/platform/db/schema";
import { type ThrottlePolicy, throttleHit } from "~/platform/throttle.server";
import { LEAD_FIELDS } from "./lead-fields";
import { leadSchema } from "./lead-schema";
import { LEAD_TEXT, type LeadLanguage, leadLanguage } from "./messages";

/** 10 sign-ups per client address per hour: plenty for an office sharing one address, useless to a flood. */
export const LEAD_THROTTLE = {
  name: "lead-ip",
  limit: 10,
  windowSeconds: 60 * 60,
} as const satisfies ThrottlePolicy;

/** The anonymous visitor who sent the form. */
export type Visitor = { ip: string };

export type LeadValues = { name: string; email: string; phone: string; propertiesCount: string };

export type RecordLeadResult =
  | { ok: true; language: LeadLanguage; registrationUrl: string; stored: boolean }
  | {
      ok: false;
      status: 400 | 429;
      language: LeadLanguage;
      message: string;
      fieldErrors: Partial<Record<keyof LeadValues, string>>;
      values: LeadValues;
    };

/** /auth on the 'Criar conta' tab with the name and email filled in. */
export function registrationUrl(name: string, email: string): string {
  return `/auth?${new URLSearchParams({ tab: "criar-conta", name, email })}`;
}

/**
 * Records a landing-page lead and says where registration continues. A filled honeypot gets the same
 * answer as a person (so a bot learns nothing) but nothing is stored.
 */
export async function recordLead(
  db: Db,
  visitor: Visitor,
  form: FormData,
  now = new Date(),
): Promise<RecordLeadResult> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const language = leadLanguage(text(LEAD_FIELDS.language));
  const values: LeadValues = {
    name: text(LEAD_FIELDS.name),
    email: text(LEAD_FIELDS.email),
    phone: text(LEAD_FIELDS.phone),
    propertiesCount: text(LEAD_FIELDS.propertiesCount),
  };
  const parsed = leadSchema(language).safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof LeadValues, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof LeadValues;
      fieldErrors[field] ??= issue.message;
    }
    return { ok: false, status: 400, language, message: LEAD_TEXT[language].failed, fieldErrors, values };
  }

  const limit = await throttleHit(db, LEAD_THROTTLE, visitor.ip, now);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
      ok: false,
      status: 429,
      language,
      message: LEAD_TEXT[language].tooMany(minutes),
      fieldErrors: {},
      values,
    };
  }

  const lead = parsed.data;
  const isBot = text(LEAD_FIELDS.honeypot).trim() !== "";
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
  return { ok: true, language, registrationUrl: registrationUrl(lead.name, lead.email), stored: !isBot };
}
