import { plural } from "../../plural";
import type { GuestDataMessages } from "../pt-BR/guest-data";

export const guestData: GuestDataMessages = {
  title: "Your data",
  order: (shortId: string, property: string) => `Order ${shortId} at ${property}`,
  intro:
    "You can ask the host for a copy of the data kept about you, or for it to be deleted. Confirm the email you used for the purchase.",
  emailLabel: "Your email",
  choiceLegend: "What would you like?",
  export: "Get a copy of my data",
  erasure: "Delete my data",
  erasureHint: "The purchase amounts stay, without your name and contact, for the host's accounts.",
  submit: "Send request",
  emailMismatch: "This is not the email of this order. Use the email your receipt was sent to.",
  choiceRequired: "Choose what you want to request.",
  tooMany: (minutes: number) =>
    plural("en", minutes, {
      one: "Too many requests. Try again in # minute.",
      other: "Too many requests. Try again in # minutes.",
    }),
  receivedTitle: "Request received",
  receivedExport: "The host will send a copy of your data to your email.",
  receivedErasure: "The host will delete your data.",
  receivedDeadline: "They answer within 15 days.",
  alreadyErased: "The data of this order have already been deleted.",
  alreadyErasedText: "Your name and contact details are no longer kept with this order.",
  invalidLinkTitle: "Invalid link",
  invalidLinkText: "Open the link in the receipt you got by email, without changing it.",
  copySubject: "A copy of your data",
  copyIntro: (property: string) =>
    `You asked for a copy of the data kept about you for your purchases at ${property}. Here it is below, order by order.`,
  copyFooter: "You are getting this email because you asked for your data through your receipt's link.",
  copyLabels: {
    order: "Order",
    createdAt: "Placed on",
    property: "Property",
    status: "Status",
    method: "Payment method",
    total: "Total",
    paidAt: "Paid on",
    name: "Name",
    email: "Email",
    phone: "Phone",
    cpf: "CPF",
    items: "Items",
    payments: "Payments",
    card: "Card",
    whatsappOptIn: "WhatsApp receipt asked for on",
    messages: "Messages sent",
    none: "—",
  },
};
