import {
  BadgeDollarSign,
  Bell,
  Building2,
  Camera,
  Headset,
  PackagePlus,
  QrCode,
  ShieldCheck,
  Unplug,
  Users,
  Wallet,
  WalletCards,
} from "lucide-react";
import type { LandingContent } from "~/ui/marketing/landing-types";
import { HERO_IMAGE, ogImage, screenshot } from "./content-images";

export const CONTENT_EN: LandingContent = {
  lang: "en",
  path: "/en",
  title: "Estadia — a QR code shop for short-term rental hosts",
  description:
    "Sell drinks, snacks and essentials in your short-term rentals: guests scan a QR code and pay by PIX or card. No monthly fee, 7 days free.",
  ogLocale: "en_US",
  ogImage: ogImage("en"),
  skipLink: "Skip to content",
  navLabel: "Main",
  signIn: "Sign in",
  menu: "Menu",
  nav: [
    { label: "How It Works", href: "#how-it-works" },
    { label: "Benefits", href: "#benefits" },
    { label: "Testimonials", href: "#testimonials" },
    { label: "FAQ", href: "#faq" },
  ],
  cta: "Get Started",
  hero: {
    eyebrow: "For short-term rental hosts and property managers",
    title: "Turn every property into a shop that sells on its own",
    subtitle:
      "Each unit gets a QR code. Guests scan it, pick what is in the property and pay by PIX or card, with no app and no account. You follow sales, stock and profit for every property in one dashboard.",
    secondary: "See how it works",
    highlights: ["No monthly fee", "7 days free, no card needed", "24/7 support"],
    image: {
      ...HERO_IMAGE,
      alt: "A phone showing a property's shop with products, prices and PIX payment, next to the unit's QR code.",
    },
  },
  steps: {
    id: "how-it-works",
    title: "How It Works",
    intro: "From sign-up to your first sale in minutes.",
    items: [
      {
        icon: Building2,
        title: "Add your properties",
        text: "Create your account and add each unit with its name and address. Setup takes less than 5 minutes.",
      },
      {
        icon: PackagePlus,
        title: "Build your catalogue",
        text: "List the drinks, snacks, toiletry kits and anything else you leave in the unit, with prices and stock per property.",
      },
      {
        icon: QrCode,
        title: "Put the QR code on display",
        text: "Generate each property's QR code on your own template, print it and place it where guests will see it.",
      },
      {
        icon: Wallet,
        title: "Get paid",
        text: "Guests pay by PIX or card on their phone. The money goes to the property's wallet and you withdraw whenever you like.",
      },
    ],
  },
  benefits: [
    {
      id: "benefits",
      title: "Benefits",
      intro: "Everything you need to sell more and look after every property better.",
      items: [
        {
          icon: BadgeDollarSign,
          title: "No monthly fee",
          text: "No fixed plan and no lock-in: you start without a monthly cost.",
        },
        {
          icon: WalletCards,
          title: "A new revenue stream",
          text: "Drinks, snacks and essentials become revenue on every stay, without you being there.",
        },
        {
          icon: Bell,
          title: "Stock alerts",
          text: "Know when an item is running low in each property and restock before a guest misses it.",
        },
        {
          icon: Camera,
          title: "Damage records",
          text: "Document damage with photos and produce reports to claim reimbursement with confidence.",
        },
        {
          icon: Users,
          title: "Team permissions",
          text: "Add staff and co-hosts, each with exactly the access they need.",
        },
        {
          icon: ShieldCheck,
          title: "Guest data under control",
          text: "Purchases and guest details stay with you, organised by property.",
        },
        {
          icon: Unplug,
          title: "Platform independent",
          text: "Works with any booking channel: your operation does not depend on a single platform.",
        },
        {
          icon: Headset,
          title: "24/7 support",
          text: "Talk to our team at any hour, on WhatsApp or by email.",
        },
      ],
    },
  ],
  screenshots: {
    id: "screens",
    title: "See Estadia in action",
    intro: "The shop your guests see and the dashboard you use every day.",
    layout: "grid",
    carouselLabel: "Estadia screenshots",
    previous: "Previous image",
    next: "Next image",
    slideLabel: "Image {n} of {total}",
    goTo: "Go to image {n}",
    items: [
      {
        ...screenshot("en", "shop"),
        alt: "The property's shop on a guest's phone: water, coffee and snacks with prices and a pay-by-PIX button.",
        caption: "The property's shop opens from the QR code and guests pay in seconds.",
      },
      {
        ...screenshot("en", "dashboard"),
        alt: "The host dashboard with this month's sales, profit per property and low-stock alerts.",
        caption: "Sales, stock and profit for every property in one dashboard.",
      },
      {
        ...screenshot("en", "qr"),
        alt: "A print-ready poster with a property's QR code and the position and size controls.",
        caption: "QR codes on your own template, ready to print.",
      },
    ],
  },
  testimonials: {
    id: "testimonials",
    title: "Testimonials",
    intro: "Hosts across Brazil already sell with Estadia.",
    items: [
      {
        quote:
          "I put the QR code in my six apartments and revenue went up 15% in the very first month. Guests love not having to go out for water or coffee.",
        name: "Mariana Costa",
        role: "Host in Florianópolis, 6 properties",
        initials: "MC",
      },
      {
        quote:
          "With photo damage records I recovered more than R$ 500 in damage that I used to simply absorb.",
        name: "Ricardo Almeida",
        role: "Property manager in Gramado, 14 properties",
        initials: "RA",
      },
      {
        quote:
          "I set everything up in under 5 minutes. The cleaning team restocks from their phones and I just follow the dashboard.",
        name: "Juliana Ferreira",
        role: "Co-host in Salvador, 3 properties",
        initials: "JF",
      },
    ],
  },
  faq: {
    id: "faq",
    title: "Frequently Asked Questions",
    intro: "Still unsure? Message us on WhatsApp at any hour.",
    items: [
      {
        question: "Is there a monthly fee?",
        // {fees}: the fee sentence, written from PLATFORM_FEE_PERCENT and FREE_TRIAL_DAYS (landing-fees.ts).
        answer: "No. {fees} You get started with no credit card.",
      },
      {
        question: "Do guests need to download an app?",
        answer:
          "No. They point their phone camera at the QR code, open the property's shop in the browser and pay by PIX or card, without creating an account.",
      },
      {
        question: "How do I receive the money from sales?",
        answer:
          "Every sale goes to the property's wallet, with a full statement. When the balance is available, you request a withdrawal from the dashboard.",
      },
      {
        question: "Does it work with Airbnb, Booking and other platforms?",
        answer:
          "Yes. Estadia is independent of the booking platform: it works with any channel, including your direct bookings.",
      },
      {
        question: "How long does it take to get started?",
        answer:
          "Less than 5 minutes: create your account, add a property and its products, and print the QR code. If you need help, our support team is there 24 hours a day, 7 days a week.",
      },
      {
        question: "Can my team have access?",
        answer:
          "Yes. Add staff, cleaners and co-hosts, each with the permissions they need: whoever restocks does not need to see the finances.",
      },
    ],
  },
  signup: {
    id: "sign-up",
    title: "Start free today",
    intro: "Try Estadia for 7 days with no credit card. Leave your details and create your account next.",
    perks: ["7 days free", "No credit card needed", "No monthly fee", "Set up in under 5 minutes"],
    name: "Full name",
    email: "Email",
    phone: "Phone (WhatsApp)",
    propertiesCount: "How many properties do you have?",
    propertiesHint: "For example: 3",
    honeypot: "Leave this field empty",
    submit: "Create my free account",
    busy: "Sending...",
    privacy: {
      before: "By sending, you agree to our ",
      link: "Privacy Policy (in Portuguese)",
      after: ".",
    },
  },
  footer: {
    tagline: "QR code sales for short-term rental hosts and property managers.",
    quickLinks: "Quick links",
    signIn: "Sign in",
    legal: "Legal",
    terms: "Terms of Use (in Portuguese)",
    privacy: "Privacy Policy (in Portuguese)",
    contact: "Contact",
    supportChat: "Support on WhatsApp",
    social: "Social media",
    socialLabel: "Estadia on {network}",
    languages: "Language",
    toTop: "Back to top",
    rights: "All rights reserved.",
  },
};
