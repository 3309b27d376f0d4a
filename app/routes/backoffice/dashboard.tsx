import type { LucideIcon } from "lucide-react";
import {
  CalendarDays,
  Camera,
  House,
  Landmark,
  Package,
  QrCode,
  RefreshCw,
  ShoppingBag,
  Wallet,
} from "lucide-react";
import { data } from "react-router";
import { readDashboard } from "~/domain/dashboard/read-dashboard.server";
import { ONBOARDING_TEXT } from "~/domain/onboarding/messages";
import { type ChosenPeriod, chosenPeriod } from "~/domain/profit/profit-period";
import { can } from "~/domain/team/permissions";
import { saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { env } from "~/platform/env.server";
import { buttonClasses } from "~/ui/button";
import { Card, CardDescription, CardTitle, cardGridClasses } from "~/ui/card";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/dashboard";
import {
  GETTING_STARTED_PARAM,
  GETTING_STARTED_PATH,
  GettingStarted,
  type GettingStartedView,
} from "./getting-started";
import { backofficeContext } from "./guard.server";
import { type ProfitSort, profitSort } from "./profit-columns";
import { ProfitPanel, type ProfitView, profitView } from "./profit-panel";
import { ReceivingNotice, type ReceivingNoticeData } from "./receiving-notice";
import { receivingNotice } from "./receiving-notice.server";
import { RECEIVING_PATH } from "./receiving-result";
import { openSections } from "./sections";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Dashboard" }];
}

const HIDDEN_COOKIE_NAME = "estadia_primeiros_passos_ocultos";
const HIDDEN_COOKIE = new RegExp(`(?:^|;\\s*)${HIDDEN_COOKIE_NAME}=1`);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const sections = openSections(actor);
  // Whoever sees restocking runs sees what is missing; the link to start one is for those who may.
  const canRestock = can(actor, "replacement.manage");
  const query = new URL(request.url).searchParams;
  // Money is for those who see the sales; staff keep the operational view.
  const period = can(actor, "sales.read") ? chosenPeriod(query, saoPauloDay(new Date())) : null;
  const read = await readDashboard(context.get(servicesContext), actor, period);
  const { missing, gettingStarted: started } = read;
  const receiving = receivingNotice(actor, read.account);
  const profit =
    period && read.profit ? { period, report: profitView(read.profit), sort: profitSort(query) } : null;
  // Once done it stays, with its word, until the owner hides it (remembered on this browser); then only
  // when asked for ('Primeiros passos').
  const hiding = query.get(GETTING_STARTED_PARAM) === "0";
  const hidden = hiding || HIDDEN_COOKIE.test(request.headers.get("cookie") ?? "");
  const gettingStarted = started
    ? {
        view: { ...started, sandbox: !env().isProduction },
        open: !started.done || query.get(GETTING_STARTED_PARAM) === "1" || !hidden,
      }
    : null;
  const page = { missing, sections, canRestock, receiving, profit, gettingStarted, disputes: read.disputes };
  if (!hiding) return page;
  return data(page, {
    headers: {
      "Set-Cookie": `${HIDDEN_COOKIE_NAME}=1; Path=/dashboard; Max-Age=31536000; SameSite=Lax; HttpOnly`,
    },
  });
}

interface Shortcut {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const shortcuts: Shortcut[] = [
  {
    to: "/properties",
    title: "Imóveis",
    description: "Cadastre seus imóveis e gere o link da loja",
    icon: House,
  },
  {
    to: "/agenda",
    title: "Agenda",
    description: "Check-ins, check-outs e trocas de cada imóvel",
    icon: CalendarDays,
  },
  {
    to: "/replacements",
    title: "Reposições",
    description: "Registre a reposição dos produtos nos imóveis",
    icon: RefreshCw,
  },
  {
    to: "/avarias",
    title: "Avarias",
    description: "Registre danos com fotos e peça o reembolso",
    icon: Camera,
  },
  {
    to: "/products",
    title: "Produtos",
    description: "Monte o catálogo com preços e categorias",
    icon: Package,
  },
  {
    to: "/qr-templates",
    title: "Templates de QR Code",
    description: "Personalize os QR Codes impressos para os hóspedes",
    icon: QrCode,
  },
  {
    to: "/sales",
    title: "Vendas",
    description: "Acompanhe os pedidos e pagamentos recebidos",
    icon: ShoppingBag,
  },
  {
    to: "/withdrawals",
    title: "Saques",
    description: "Consulte seu saldo e solicite saques",
    icon: Wallet,
  },
  {
    to: RECEIVING_PATH,
    title: "Recebimentos",
    description: "Conecte a conta que recebe os pagamentos e veja as taxas",
    icon: Landmark,
  },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { missing, sections, canRestock, receiving, profit, gettingStarted, disputes } = loaderData;
  return (
    <DashboardScreen
      missing={missing ?? 0}
      sections={sections}
      canRestock={canRestock}
      receiving={receiving}
      profit={profit}
      gettingStarted={gettingStarted}
      disputes={disputes}
    />
  );
}

/**
 * The six cards of part 1 §2, Agenda, Avarias and Recebimentos, those the role may open; first, when the guests cannot pay,
 * what to do about it; for an owner on the way to a first sale, the getting-started checklist (afterwards
 * a 'Primeiros passos' link opens it); then what is missing in the properties when something is.
 */
export function DashboardScreen({
  missing,
  sections,
  canRestock,
  receiving = null,
  profit = null,
  gettingStarted = null,
  disputes = null,
}: {
  missing: number;
  sections: string[];
  canRestock: boolean;
  receiving?: ReceivingNoticeData | null;
  profit?: { period: ChosenPeriod; report: ProfitView; sort: ProfitSort } | null;
  /** Owners only; `open` false once done and not asked for. */
  gettingStarted?: { view: GettingStartedView; open: boolean } | null;
  /** Money held by disputes and the wallets' balance below zero (ADR 0061). */
  disputes?: { disputedCents: number; negativeCents: number } | null;
}) {
  const banner =
    "flex items-center justify-between gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-warning-ink";
  const missingText = (
    <span>
      <strong>{missing === 1 ? "1 produto está faltando" : `${missing} produtos estão faltando`}</strong> nos
      seus imóveis.
    </span>
  );
  return (
    <PageFrame
      title="Dashboard"
      actions={
        gettingStarted && !gettingStarted.open ? (
          <Link to={GETTING_STARTED_PATH} className={buttonClasses({ variant: "outline" })}>
            {ONBOARDING_TEXT.show}
          </Link>
        ) : null
      }
    >
      {receiving ? <ReceivingNotice notice={receiving} /> : null}
      {gettingStarted?.open ? <GettingStarted view={gettingStarted.view} /> : null}
      {disputes && (disputes.disputedCents > 0 || disputes.negativeCents < 0) ? (
        <Link to="/withdrawals" className={banner}>
          <span>
            {disputes.disputedCents > 0 ? (
              <>
                <strong>{formatCents(disputes.disputedCents)} em disputa:</strong> o provedor reteve o valor
                de vendas contestadas até a decisão.{" "}
              </>
            ) : null}
            {disputes.negativeCents < 0 ? (
              <>
                <strong>Saldo negativo de {formatCents(disputes.negativeCents)}:</strong> novos saques ficam
                bloqueados até que ele seja coberto por novas vendas.
              </>
            ) : null}
          </span>
          <span className="font-medium underline">Ver carteiras</span>
        </Link>
      ) : null}
      {missing > 0 && canRestock ? (
        <Link to="/replacements/create" className={banner}>
          {missingText}
          <span className="font-medium underline">Iniciar uma reposição</span>
        </Link>
      ) : missing > 0 ? (
        <p className={banner}>{missingText}</p>
      ) : null}
      {profit ? <ProfitPanel {...profit} basePath="/dashboard" /> : null}
      <ul className={cardGridClasses}>
        {shortcuts
          .filter(({ to }) => sections.includes(to))
          .map(({ to, title, description, icon: Icon }) => (
            <li key={to} className="flex">
              {/* The whole card is the link, so the global :focus-visible ring goes around the card. */}
              <Link to={to} className="group flex w-full rounded-xl">
                <Card className="w-full transition-colors group-hover:border-brand group-hover:bg-brand-soft/40">
                  <div className="flex items-start gap-4 p-4 sm:p-5">
                    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div className="grid min-w-0 gap-1">
                      <CardTitle>{title}</CardTitle>
                      <CardDescription>{description}</CardDescription>
                    </div>
                  </div>
                </Card>
              </Link>
            </li>
          ))}
      </ul>
    </PageFrame>
  );
}
