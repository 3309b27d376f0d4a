import { type Action, PERMISSIONS, ROLES, type Role } from "../team/permissions";

/**
 * What a member can be told (issue 50, ADR 0054), who may be told it, and whether it speaks of money. Email
 * is the default for every one; a member with a confirmed WhatsApp number chooses the ones that go there.
 * A member is told an event when their role holds its permission; an event about money also needs
 * `sales.read`, so cleaning staff are never told one (they get their runs and the day's turnovers).
 */
export const NOTIFICATION_EVENTS = {
  sales_summary: {
    label: "Resumo de vendas do dia",
    hint: "Às 8h, as vendas pagas do dia anterior.",
    permission: "sales.read",
    money: true,
  },
  stock_alert: {
    label: "Estoque baixo",
    hint: "Produtos que chegaram ao nível de alerta (um resumo a cada 15 minutos, no máximo).",
    permission: "replacement.manage",
    money: false,
  },
  unpaid_consumption: {
    label: "Consumo não pago encontrado na troca",
    hint: "O que faltou na conferência depois de uma estadia, com o valor.",
    permission: "sales.read",
    money: true,
  },
  damage_deadline: {
    label: "Prazo de reclamação de avaria",
    hint: "3 dias antes do último dia para reclamar uma avaria à plataforma.",
    permission: "damage.manage",
    money: false,
    // ADR 0033 reminds the owners of a claim's deadline; managers see it on the record.
    onlyRoles: ["owner"],
  },
  restock_run: {
    label: "Reposição para hoje ou atrasada",
    hint: "No dia de entregar uma reposição, e se ela atrasar.",
    permission: "replacement.read",
    money: false,
  },
  turnovers_today: {
    label: "Trocas de hóspede de hoje",
    hint: "Às 7h, os imóveis com saída de hóspede no dia e quando chega o próximo.",
    permission: "stock.count",
    money: false,
    // The cleaning team's day; owners and managers read the agenda.
    onlyRoles: ["staff"],
  },
  payment_account: {
    label: "Conta de recebimento precisa ser reconectada",
    hint: "Quando a conta para de aceitar cobranças e os hóspedes não conseguem pagar.",
    permission: "payments.manage",
    money: true,
  },
  dispute: {
    label: "Venda contestada ou saldo abaixo de zero",
    hint: "Quando um hóspede contesta um pagamento (com o prazo para enviar as provas) e se o saldo de uma carteira ficar negativo.",
    permission: "sales.read",
    money: true,
    // Who answers the provider and covers the balance (ADR 0062).
    onlyRoles: ["owner"],
  },
  guest_order_late: {
    label: "Pedido do hóspede não entregue",
    hint: "Quando um pedido antes da chegada não foi entregue até o check-in: reembolse em Vendas.",
    permission: "sales.refund",
    money: true,
  },
  withdrawal: {
    label: "Saque pago ou recusado",
    hint: "Quando um saque chega à chave Pix, ou não pôde ser feito.",
    permission: "withdrawal.request",
    money: true,
  },
} as const satisfies Record<
  string,
  { label: string; hint: string; permission: Action; money: boolean; onlyRoles?: readonly Role[] }
>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;

export const NOTIFICATION_EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[];

export function isNotificationEvent(value: string): value is NotificationEvent {
  return Object.hasOwn(NOTIFICATION_EVENTS, value);
}

function holds(role: Role, action: Action): boolean {
  return (PERMISSIONS[action] as readonly Role[]).includes(role);
}

/** Whether a member with this role is told this event. */
export function roleReceives(role: Role, event: NotificationEvent): boolean {
  const definition: { permission: Action; money: boolean; onlyRoles?: readonly Role[] } =
    NOTIFICATION_EVENTS[event];
  return (
    holds(role, definition.permission) &&
    (!definition.money || holds(role, "sales.read")) &&
    (!definition.onlyRoles || definition.onlyRoles.includes(role))
  );
}

/** The events a role is told, in the order the screen lists them. */
export function eventsForRole(role: Role): NotificationEvent[] {
  return NOTIFICATION_EVENT_NAMES.filter((event) => roleReceives(role, event));
}

/** The roles told this event. */
export function rolesReceiving(event: NotificationEvent): Role[] {
  return ROLES.filter((role) => roleReceives(role, event));
}
