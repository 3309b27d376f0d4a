// Texts of the lead form's refusals in the three landing languages.
export const LEAD_LANGUAGES = ["pt-BR", "en", "es"] as const;
export type LeadLanguage = (typeof LEAD_LANGUAGES)[number];

export function leadLanguage(value: unknown): LeadLanguage {
  return LEAD_LANGUAGES.find((l) => l === value) ?? "pt-BR";
}

type LeadText = {
  failed: string;
  emailInvalid: string;
  nameTooLong: string;
  phoneInvalid: string;
  propertiesInvalid: string;
  tooMany: (minutes: number) => string;
};

export const LEAD_TEXT: Record<LeadLanguage, LeadText> = {
  "pt-BR": {
    failed: "Confira os dados destacados e tente de novo.",
    emailInvalid: "Informe um e-mail válido, como nome@exemplo.com.",
    nameTooLong: "O nome deve ter no máximo 120 caracteres.",
    phoneInvalid: "Informe um telefone com DDD, só com números, espaços, parênteses, + ou -.",
    propertiesInvalid: "Informe quantos imóveis você tem, com até 20 caracteres.",
    tooMany: (m) =>
      `Muitos envios deste endereço. Tente novamente em ${m} ${m === 1 ? "minuto" : "minutos"}.`,
  },
  en: {
    failed: "Please check the highlighted fields and try again.",
    emailInvalid: "Enter a valid email address, like name@example.com.",
    nameTooLong: "The name must be at most 120 characters.",
    phoneInvalid: "Enter a phone number using only digits, spaces, brackets, + or -.",
    propertiesInvalid: "Tell us how many properties you have, in up to 20 characters.",
    tooMany: (m) =>
      `Too many sign-ups from this address. Try again in ${m} ${m === 1 ? "minute" : "minutes"}.`,
  },
  es: {
    failed: "Revisa los campos destacados e inténtalo de nuevo.",
    emailInvalid: "Ingresa un correo electrónico válido, como nombre@ejemplo.com.",
    nameTooLong: "El nombre debe tener como máximo 120 caracteres.",
    phoneInvalid: "Ingresa un teléfono solo con números, espacios, paréntesis, + o -.",
    propertiesInvalid: "Indica cuántas propiedades tienes, en hasta 20 caracteres.",
    tooMany: (m) =>
      `Demasiados envíos desde esta dirección. Inténtalo de nuevo en ${m} ${m === 1 ? "minuto" : "minutos"}.`,
  },
};
