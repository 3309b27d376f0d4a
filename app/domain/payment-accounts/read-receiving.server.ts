import { desc, eq } from "drizzle-orm";
import { organization, reconciliationFindings, user } from "~/platform/db/schema";
import type { AccountProviderName, PaymentsConfig } from "~/platform/env.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { type Actor, assertCan, can } from "../team/permissions";
import { liveAccount } from "./accounts.server";
import { type AccountStatus, asaasPendingLines, providerLabel, statusLabel } from "./messages";
import { inFreeTrial, percentText } from "./platform-fee";
import { FINDING_TEXT, type FindingKind } from "./reconcile-findings";

export type OfferedProvider = { provider: AccountProviderName; label: string; providerFees: string };

export type ReceivingView = {
  canManage: boolean;
  offered: OfferedProvider[];
  /** Estadia's fee, as people read it ("3"), and the free days. */
  platformFeePercent: string;
  freeTrialDays: number;
  /** Until when this organization's sales carry no Estadia fee; null once over. */
  trialEndsAt: Date | null;
  account: {
    provider: AccountProviderName;
    providerLabel: string;
    status: AccountStatus;
    statusLabel: string;
    providerAccountId: string;
    displayName: string | null;
    email: string | null;
    connectedAt: Date;
    connectedByName: string | null;
    lastError: string | null;
    reconciledAt: Date | null;
    /** Whether the host withdraws through Estadia (Asaas, sandbox) or at the provider (Mercado Pago). */
    withdrawsHere: boolean;
    /** Asaas: the sub-account's random Pix key, or null while it has none (its codes last the day only). */
    pixKey: string | null;
    /** Asaas: what the sub-account still lacks to be approved, one line per part; empty once approved. */
    pendingApproval: string[];
  } | null;
  findings: {
    kind: FindingKind;
    text: string;
    providerPaymentId: string;
    orderId: string | null;
    foundAt: Date;
  }[];
};

/** What each provider charges, stated before connecting (the provider's own fee is read from each payment). */
export function providerFeesText(provider: AccountProviderName, config: PaymentsConfig): string {
  switch (provider) {
    case "mercadopago":
      return "A tarifa do Mercado Pago da sua conta, descontada por ele em cada venda (Pix e cartão).";
    case "asaas":
      return "A tarifa do Asaas por cobrança recebida, descontada por ele em cada venda.";
    case "sandbox":
      return `Simulada: ${percentText(config.processingFeeBps)}% por venda. Nenhum dinheiro real.`;
  }
}

/** The Recebimentos page: owners manage it, managers see its status. */
export async function readReceiving(ctx: PaymentsContext, actor: Actor): Promise<ReceivingView> {
  assertCan(actor, "payments.read");
  const [org] = await ctx.db
    .select({ createdAt: organization.createdAt })
    .from(organization)
    .where(eq(organization.id, actor.organizationId));
  const now = ctx.now();
  const created = org?.createdAt ?? now;
  const row = await liveAccount(ctx.db, actor.organizationId);
  const [connectedBy] = row?.connectedBy
    ? await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, row.connectedBy))
    : [];
  const findings = await ctx.db
    .select()
    .from(reconciliationFindings)
    .where(eq(reconciliationFindings.organizationId, actor.organizationId))
    .orderBy(desc(reconciliationFindings.foundAt))
    .limit(20);
  return {
    canManage: can(actor, "payments.manage"),
    offered: ctx.config.offered.map((provider) => ({
      provider,
      label: providerLabel(provider),
      providerFees: providerFeesText(provider, ctx.config),
    })),
    platformFeePercent: percentText(ctx.config.platformFeeBps),
    freeTrialDays: ctx.config.freeTrialDays,
    trialEndsAt: inFreeTrial(ctx.config, created, now)
      ? new Date(created.getTime() + ctx.config.freeTrialDays * 86_400_000)
      : null,
    account: row
      ? {
          provider: row.provider as AccountProviderName,
          providerLabel: providerLabel(row.provider),
          status: row.status as AccountStatus,
          statusLabel: statusLabel(row.status),
          providerAccountId: row.providerAccountId,
          displayName: row.displayName,
          email: row.email,
          connectedAt: row.connectedAt,
          connectedByName: connectedBy?.name ?? null,
          lastError: row.lastError,
          reconciledAt: row.reconciledAt,
          withdrawsHere: row.provider !== "mercadopago",
          pixKey: row.pixKey,
          pendingApproval: row.provider === "asaas" ? asaasPendingLines(row.approval) : [],
        }
      : null,
    findings: findings.map((f) => ({
      kind: f.kind as FindingKind,
      text: FINDING_TEXT[f.kind as FindingKind] ?? f.kind,
      providerPaymentId: f.providerPaymentId,
      orderId: f.orderId,
      foundAt: f.foundAt,
    })),
  };
}
