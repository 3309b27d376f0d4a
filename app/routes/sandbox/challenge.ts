import { formatCents } from "~/lib/money";
import { accountProviders } from "~/platform/payments/account-providers.server";
import { ProviderError } from "~/platform/payments/provider";
import { postOnly } from "../post-only";
import type { Route } from "./+types/challenge";

/**
 * POST /sandbox/3ds/{paymentId}: the offline sandbox's stand-in for the card issuer's 3-D Secure page,
 * framed by the card step (ADR 0063). Posted the charge's `creq`, it asks the guest to confirm; posted a
 * decision with it, it approves or refuses the charge and notifies the app as the provider would. Only where
 * the sandbox is offered; a wrong creq settles nothing.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const sandbox = (await accountProviders()).sandbox()?.payments;
  if (!sandbox) return new Response(null, { status: 404 });
  const form = await request.formData();
  const creq = String(form.get("creq") ?? "");
  const decision = form.get("decision");
  try {
    if (decision === "pass" || decision === "fail") {
      const payment = await sandbox.completeChallenge(params.paymentId, creq, decision === "pass");
      await sandbox.notify(payment.id);
      return page(
        payment.status === "approved" ? "Compra confirmada pelo banco." : "Compra não confirmada.",
        "<p>Você pode voltar à loja: esta janela fecha sozinha.</p>",
      );
    }
    const payment = await sandbox.getPayment(params.paymentId);
    if (!payment.challenge || payment.challenge.creq !== creq) throw new ProviderError("creq", 400, false);
    const button = (value: string, label: string) =>
      `<form method="post"><input type="hidden" name="creq" value="${creq}"><button name="decision" value="${value}">${label}</button></form>`;
    return page(
      `Confirme a compra de ${formatCents(payment.amountCents)}`,
      `<p>Banco de teste (sandbox): em um banco de verdade, aqui o hóspede confirma com uma senha ou um código do aplicativo.</p>${button("pass", "Confirmar compra")}${button("fail", "Recusar")}`,
    );
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return page("Verificação inválida", "<p>Esta verificação não é deste pagamento.</p>", 400);
  }
}

export const loader = postOnly;

/** A plain page the card step may frame (same origin only); its texts are ours, never the guest's input. */
function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1c1917}button{font:inherit;padding:.6rem 1rem;margin:.25rem 0;width:100%}</style></head><body><h1>${title}</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Framed by our card page only: the security headers let this path be framed by its own origin.
      "Cache-Control": "no-store",
    },
  });
}
