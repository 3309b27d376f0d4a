import type { MailMessages } from "../pt-BR/mail";

export const mail: MailMessages = {};
