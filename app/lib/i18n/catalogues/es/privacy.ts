import type { PrivacyMessages } from "../pt-BR/privacy";

export const privacy: PrivacyMessages = {};
