import { cookieValue } from "./cookie-value";

/** One-shot messages carried across a redirect in a short-lived cookie and shown as a toast. */
export const FLASH_COOKIE = "estadia_flash";

export const FLASH_MESSAGES = {
  "login-ok": { tone: "success", text: "Login realizado com sucesso!" },
  "logout-ok": { tone: "success", text: "Logout realizado com sucesso" },
  "logout-error": { tone: "error", text: "Erro ao fazer logout" },
  "recovery-sent": { tone: "success", text: "Link de recuperação enviado para seu e-mail" },
  "email-confirmed": { tone: "success", text: "E-mail confirmado! Sua conta está pronta." },
  "reset-link-invalid": { tone: "error", text: "Link de recuperação inválido" },
  "replacement-created": { tone: "success", text: "Reposição iniciada com sucesso" },
  "replacements-planned": { tone: "success", text: "Reposições criadas a partir do planejamento" },
  "damage-created": { tone: "success", text: "Avaria registrada" },
  "withdrawal-requested": {
    tone: "success",
    text: "Saque solicitado: ele aparece no extrato e fica 'Pago' quando o valor chegar na sua chave Pix.",
  },
  "reset-link-used": {
    tone: "error",
    text: "Este link de recuperação expirou ou já foi usado. Peça um novo.",
  },
  "invitation-accepted": { tone: "success", text: "Convite aceito! Você agora faz parte da equipe." },
  "organization-switched": { tone: "success", text: "Organização trocada." },
  "payment-account-connected": {
    tone: "success",
    text: "Conta conectada. Seus imóveis já podem receber pagamentos.",
  },
  "payment-account-disconnected": {
    tone: "success",
    text: "Conta desconectada. Seus imóveis não recebem pagamentos até você conectar outra.",
  },
  "qr-template-created": {
    tone: "success",
    text: "Template criado",
    description: "Template de QR Code criado com sucesso",
  },
  "qr-template-updated": {
    tone: "success",
    text: "Template atualizado",
    description: "Template de QR Code atualizado com sucesso",
  },
} as const satisfies Record<string, { tone: "success" | "error"; text: string; description?: string }>;

export type FlashKey = keyof typeof FLASH_MESSAGES;

function isFlashKey(value: unknown): value is FlashKey {
  return typeof value === "string" && Object.hasOwn(FLASH_MESSAGES, value);
}

/** The flash key in a Cookie header (or document.cookie), if any. */
export function readFlash(cookieHeader: string): FlashKey | undefined {
  const value = cookieValue(cookieHeader, FLASH_COOKIE);
  return isFlashKey(value) ? value : undefined;
}

/** Set-Cookie value; readable by the page's script, which shows the toast and deletes it. */
export function flashCookie(key: FlashKey, secure: boolean): string {
  return `${FLASH_COOKIE}=${key}; Path=/; Max-Age=60; SameSite=Lax${secure ? "; Secure" : ""}`;
}
