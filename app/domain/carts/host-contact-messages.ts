// pt-BR texts guests read about the host and the place (shop, success page, receipt); a later message
// catalogue takes them over for English and Spanish.
export const HOST_CONTACT_TEXT = {
  heading: "Fale com o anfitrião",
  whatsapp: "WhatsApp",
  phone: "Telefone",
  email: "E-mail",
  /** The receipt's plain-text line of one contact. */
  line: (label: string, text: string) => `${label}: ${text}`,
  /** Where the place is, as the host chose to tell guests. */
  location: (location: string) => `Localização: ${location}`,
} as const;
