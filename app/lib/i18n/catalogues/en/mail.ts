import type { MailMessages } from "../pt-BR/mail";

export const mail: MailMessages = {
  receipt: {
    subject: (place) => `Receipt for your order at ${place}`,
    title: "Payment confirmed!",
    greeting: (firstName) => `Hi ${firstName}!`,
    greetingNoName: "Hi!",
    paid: (order, place, when, method) =>
      `We received the payment for your order ${order} at ${place} on ${when} (${method}). Thank you!`,
    location: (location) => `Location: ${location}`,
    total: "Total",
    methods: { pix: "Pix", credit_card: "Credit card" },
    contactHeading: "Contact the host",
    contact: { whatsapp: "WhatsApp", phone: "Phone", email: "Email" },
    backToShop: "Back to the shop",
    buttonFallback: "If the button does not work, copy and paste this address into your browser:",
    dataRequest: "Your data: ask for a copy or for erasure",
    footer: "This is your receipt. Keep this email; if anything is not right, contact the host.",
  },
  delivered: {
    subject: (place) => `Your order has arrived at ${place}`,
    title: "Your order is at the property",
    greeting: (firstName) => `Hi ${firstName}!`,
    greetingNoName: "Hi!",
    body: (order, place) => `We delivered your order ${order} at ${place}: it will be there when you arrive.`,
    openShop: "Open the property's shop",
    buttonFallback: "If the button does not work, copy and paste this address into your browser:",
    footer: "If anything is not right, contact the host.",
  },
};
