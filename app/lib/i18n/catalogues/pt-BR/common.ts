// pt-BR is the source catalogue: its shape is every other language's type (a missing or extra message in
// en or es fails the type check).
export const common = {
  languageSwitchLabel: "Idioma",
  privacyLink: "Privacidade",
};
export type CommonMessages = typeof common;
