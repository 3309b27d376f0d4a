// No zod here: the landing form imports this in the browser.

/** Names of the form's fields, shared by the form and the server. */
export const LEAD_FIELDS = {
  name: "name",
  email: "email",
  phone: "phone",
  propertiesCount: "propertiesCount",
  language: "language",
  /** Honeypot: hidden from people, filled in by naive bots. */
  honeypot: "website",
} as const;
