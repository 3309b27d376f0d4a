import { env } from "../env.server";
import { createWhatsAppApi, type WhatsAppApi } from "./cloud-api.server";

let cached: { api: WhatsAppApi | null } | undefined;

/** The process's Cloud API, or null when the WhatsApp variables are unset (no message is attempted). */
export function whatsappApi(): WhatsAppApi | null {
  if (!cached) {
    const config = env().whatsapp;
    cached = { api: config ? createWhatsAppApi(config) : null };
  }
  return cached.api;
}
