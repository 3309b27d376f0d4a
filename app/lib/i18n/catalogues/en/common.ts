import type { CommonMessages } from "../pt-BR/common";

export const common: CommonMessages = {
  languageSwitchLabel: "Language",
  privacyLink: "Privacy",
};
