import { data } from "react-router";
import { successView } from "~/domain/orders/checkout-views.server";
import { CHECKOUT_TEXT } from "~/domain/orders/messages";
import { hostContactLinks } from "~/domain/team/organization-contact";
import { shortId } from "~/lib/short-id";
import { database } from "~/platform/db/database.server";
import { readDeviceId } from "../shop/device-cookie.server";
import { HostContact } from "../shop/host-contact";
import type { Route } from "./+types/success";
import { CheckoutMessage, PurchaseSummary } from "./checkout-frame";

export const handle = { guestPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const paid = loaderData && "order" in loaderData && loaderData.order.status === "paid";
  return [{ title: paid ? "Pagamento confirmado!" : "Seu pedido" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await database();
  const view = await successView(db, params.cartId, readDeviceId(request));
  if (!view) return data({ notFound: true as const }, { status: 404 });
  const { order, shopHash, place, contact } = view;
  return {
    place,
    contact: hostContactLinks(contact),
    order: {
      id: shortId(order.id),
      status: order.status,
      lines: order.lines,
      totalCents: order.totalCents,
      method: order.paymentMethod,
    },
    shopHash,
  };
}

/**
 * 'Pagamento confirmado!' only for a paid order (part 2 §2); any other state says where the payment stands
 * and what the guest can do. The way back to the shop is there while the shop exists.
 */
export default function Success({ loaderData, params }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <CheckoutMessage title={CHECKOUT_TEXT.orderNotFound}>
        <p className="text-muted">Não encontramos um pedido deste carrinho neste aparelho.</p>
      </CheckoutMessage>
    );
  }
  const { order, shopHash, place, contact } = loaderData;
  const host = (
    <>
      {place ? (
        <p data-place className="text-sm text-muted">
          {place.publicLocation ? `${place.name} · ${place.publicLocation}` : place.name}
        </p>
      ) : null}
      <HostContact links={contact} className="w-full justify-items-center [&_ul]:justify-center" />
    </>
  );
  const payment = `/payments/${params.cartId}/${order.method}/payment`;
  const back = shopHash ? (
    <a
      href={`/i/${shopHash}`}
      className="inline-flex h-12 items-center rounded-full bg-brand px-6 font-semibold text-white"
    >
      Voltar para a loja
    </a>
  ) : null;
  if (order.status === "paid") {
    return (
      <main className="mx-auto grid min-h-dvh max-w-md content-center justify-items-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-semibold text-ink">Pagamento confirmado!</h1>
        <p className="text-muted">
          Obrigado pela compra! O pedido {order.id} está pago. Os produtos já são seus: aproveite a estadia.
        </p>
        <div className="w-full text-left">
          <PurchaseSummary lines={order.lines} totalCents={order.totalCents} />
        </div>
        {host}
        {back}
      </main>
    );
  }
  if (order.status === "refunded") {
    return (
      <CheckoutMessage title="Pedido reembolsado">
        <p className="text-muted">
          O anfitrião devolveu o valor do pedido {order.id}. O estorno aparece no seu banco ou na fatura do
          cartão.
        </p>
        {host}
        {back}
      </CheckoutMessage>
    );
  }
  const state = {
    pending: {
      title: "Aguardando pagamento",
      text: "Ainda não recebemos a confirmação do pagamento deste pedido.",
      action: "Ir para o pagamento",
    },
    processing: {
      title: "Pagamento em análise",
      text: "O processador de pagamentos está analisando o pagamento.",
      action: "Acompanhar o pagamento",
    },
    failed: {
      title: "Pagamento recusado",
      text: "O pagamento não foi aprovado e nada foi cobrado.",
      action: "Tentar novamente",
    },
    cancelled: {
      title: "Pedido cancelado",
      text: "O prazo para pagar terminou e nada foi cobrado.",
      action: "Gerar um novo pagamento",
    },
  }[order.status];
  return (
    <CheckoutMessage title={state.title}>
      <p className="text-muted">{state.text}</p>
      <a href={payment} className="text-brand underline">
        {state.action}
      </a>
      {host}
      {back}
    </CheckoutMessage>
  );
}
