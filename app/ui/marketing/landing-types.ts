import type { LucideIcon } from "lucide-react";

// Everything a landing page says, per language and variant; the components only lay it out.

export type LandingLang = "pt-BR" | "en" | "es";

export type NavItem = { label: string; href: `#${string}` };

export type Item = { icon: LucideIcon; title: string; text: string };

export type Picture = { src: string; alt: string; width: number; height: number };

export type Section = { id: string; title: string; intro: string };

export type Testimonial = { quote: string; name: string; role: string; initials: string };

export type Question = { question: string; answer: string };

export type SignupText = Section & {
  perks: string[];
  name: string;
  email: string;
  phone: string;
  propertiesCount: string;
  propertiesHint: string;
  honeypot: string;
  submit: string;
  busy: string;
  privacy: { before: string; link: string; after: string };
};

export type FooterText = {
  tagline: string;
  quickLinks: string;
  signIn: string;
  legal: string;
  terms: string;
  privacy: string;
  contact: string;
  supportChat: string;
  social: string;
  /** "Estadia no Instagram": the icon links' names, `{network}` replaced. */
  socialLabel: string;
  languages: string;
  toTop: string;
  rights: string;
};

export type LandingContent = {
  lang: LandingLang;
  /** Path of this variant ("/", "/en", "/es", "/v2"). */
  path: string;
  title: string;
  description: string;
  ogLocale: string;
  ogImage: string;
  skipLink: string;
  navLabel: string;
  nav: NavItem[];
  cta: string;
  signIn: string;
  menu: string;
  hero: {
    eyebrow: string;
    title: string;
    subtitle: string;
    secondary: string;
    highlights: string[];
    image: Picture;
  };
  steps: Section & { items: Item[] };
  /** The benefits (8), or in v2 the 5 features followed by the 4 host benefits. */
  benefits: (Section & { items: Item[] })[];
  screenshots: Section & {
    layout: "carousel" | "grid";
    items: (Picture & { caption: string })[];
    carouselLabel: string;
    previous: string;
    next: string;
    /** "Imagem {n} de {total}". */
    slideLabel: string;
    /** "Ir para a imagem {n}". */
    goTo: string;
  };
  testimonials: Section & { items: Testimonial[] };
  faq: Section & { items: Question[] };
  signup: SignupText;
  footer: FooterText;
};

export type OutboundLinks = {
  supportChat: string;
  contactEmail: string;
  instagram: string;
  facebook: string;
  linkedin: string;
};

/** `{n}`-style placeholders filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}
