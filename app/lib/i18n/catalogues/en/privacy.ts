import { plural } from "../../plural";
import type { PrivacyMessages } from "../pt-BR/privacy";

const months = (n: number) => plural("en", n, { one: "# month", other: "# months" });

export const privacy: PrivacyMessages = {
  notice: {
    heading: "Privacy",
    text: (host, n) =>
      `Your details go to ${host}, the host, only for this purchase and its receipt. They are kept for ${months(n)}.`,
    link: "Privacy notice",
  },
  page: {
    meta: "Privacy notice | Estadia",
    description:
      "How Estadia and the host handle the data of guests who buy in a property's shop: what, why, for how long, and your rights (LGPD).",
    title: "Privacy notice",
    intro:
      "This notice explains, in a few words, what happens to your data when you buy in a property's shop through Estadia.",
    whoHeading: "Who looks after your data",
    who: [
      "The host (who sells in the property's shop) is the controller of your purchase data: they decide what it is used for.",
      "Estadia is the processor: it stores and handles that data on the host's behalf, and only for that.",
      "Estadia is the controller of its own accounts (the hosts' sign-in data) and of its access logs.",
    ],
    whatHeading: "What we collect",
    what: "Your name, email, phone and CPF (if you give it), what you bought and the payment status. Never your card number: the payment processor keeps it.",
    whyHeading: "What for",
    why: "To make your purchase, send your receipt (by email and, if you ask for it, on WhatsApp: your phone goes to Meta, which delivers the message) and keep the host's tax and accounting records. We never send marketing.",
    howLongHeading: "For how long",
    howLong: (n) =>
      `Order data are kept for ${months(n)}. After that, your name, email, phone and CPF are anonymized; amounts and products stay, for the accounts.`,
    rightsHeading: "Your rights (LGPD, art. 18)",
    rights: [
      "Confirm whether we handle your data",
      "Access your data",
      "Correct incomplete or wrong data",
      "Ask for anonymization or erasure",
      "Take your data to another service (portability)",
      "Know who your data are shared with",
    ],
    rightsHow:
      "To ask, use the “Your data” link in your email receipt or contact the host. You get an answer within 15 days.",
    cookiesHeading: "Cookies",
    cookies: [
      "A device cookie, to keep your cart.",
      "A language cookie, to remember the language you chose.",
    ],
    noTracking: "We use no tracking or advertising cookies.",
  },
};
