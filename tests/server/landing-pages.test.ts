// The landing pages as the built app serves them: each variant's HTML (titles, sections, meta, links from
// configuration, the form that works without JavaScript), sitemap.xml, robots.txt, and the prerendered files.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRODUCTION_PAYMENTS,
  type RunningServer,
  removeDir,
  runServerExpectingExit,
  startServer,
} from "../support/server-process";

const ORIGIN = "https://estadia.example.com";
const BUILD = path.resolve(import.meta.dirname, "../../build");
const LINKS = {
  SUPPORT_WHATSAPP_URL: "https://wa.me/5548988887777",
  CONTACT_EMAIL: "ola@estadia.example.com",
  INSTAGRAM_URL: "https://www.instagram.com/estadia.teste",
  FACEBOOK_URL: "https://www.facebook.com/estadia.teste",
  LINKEDIN_URL: "https://www.linkedin.com/company/estadia-teste",
};

const VARIANTS = [
  {
    path: "/",
    lang: "pt-BR",
    title: "Estadia — loja por QR Code para anfitriões de temporada",
    sections: ["Como Funciona", "Benefícios", "Depoimentos", "FAQ", "Perguntas Frequentes"],
    cta: "Comece Agora",
    alternates: true,
  },
  {
    path: "/en",
    lang: "en",
    title: "Estadia — a QR code shop for short-term rental hosts",
    sections: ["How It Works", "Benefits", "Testimonials", "FAQ", "Frequently Asked Questions"],
    cta: "Get Started",
    alternates: true,
  },
  {
    path: "/es",
    lang: "es",
    title: "Estadia — tienda con código QR para anfitriones de alquiler temporario",
    sections: ["Cómo Funciona", "Beneficios", "Testimonios", "Preguntas Frecuentes"],
    cta: "Empieza Ahora",
    alternates: true,
  },
  {
    path: "/v2",
    lang: "pt-BR",
    title: "Estadia — automatize seu negócio de temporada",
    sections: ["Como Funciona", "Funcionalidades", "Benefícios", "Depoimentos"],
    cta: "Comece Grátis",
    alternates: false,
  },
];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    APP_URL: ORIGIN,
    APP_ENV: "production",
    AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
    ...PRODUCTION_PAYMENTS,
    ...LINKS,
  });
});

afterAll(async () => {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
});

async function get(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
  return { res, body: await res.text() };
}

/** The content of every `<h2>` (section titles), tags inside stripped. */
function headings(html: string, level: number): string[] {
  return [...html.matchAll(new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, "gs"))].map((m) =>
    (m[1] ?? "").replace(/<[^>]+>/g, "").trim(),
  );
}

function metaContent(html: string, attr: "name" | "property", key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`, "g"))].map(
    (m) => m[1] ?? "",
  );
}

describe.each(VARIANTS)("the $path landing page", (variant) => {
  let html: string;
  let res: Response;

  beforeAll(async () => {
    ({ res, body: html } = await get(variant.path));
  });

  it("is served at its own path (no redirect) as HTML in its language", () => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(html).toContain(`<html lang="${variant.lang}">`);
  });

  it("has its own title, meta description and section titles", () => {
    expect(html).toContain(`<title>${variant.title}</title>`);
    expect(metaContent(html, "name", "description")[0]?.length).toBeGreaterThan(80);
    const sectionTitles = headings(html, 2);
    for (const section of variant.sections) {
      expect(html.includes(`>${section}<`), `"${section}" in the page`).toBe(true);
    }
    expect(sectionTitles.length).toBeGreaterThanOrEqual(7);
    expect(headings(html, 1)).toHaveLength(1);
    expect(html).toContain(`>${variant.cta}<`);
  });

  it("links its canonical URL, its hreflang alternates and Open Graph tags on the public origin", () => {
    const self = `${ORIGIN}${variant.path}`;
    expect(html).toContain(`<link rel="canonical" href="${self}"/>`);
    if (variant.alternates) {
      for (const [lang, p] of [
        ["pt-BR", "/"],
        ["en", "/en"],
        ["es", "/es"],
        ["x-default", "/"],
      ]) {
        expect(html).toContain(`<link rel="alternate" hrefLang="${lang}" href="${ORIGIN}${p}"/>`);
      }
    } else {
      expect(html).toContain(`<link rel="alternate" hrefLang="pt-BR" href="${self}"/>`);
    }
    expect(metaContent(html, "property", "og:url")).toEqual([self]);
    expect(metaContent(html, "property", "og:title")).toEqual([variant.title]);
    expect(metaContent(html, "property", "og:image")[0]).toMatch(
      new RegExp(`^${ORIGIN}/images/og/estadia-[a-z0-9]+\\.png$`),
    );
  });

  it("takes the support chat, contact mail and social links from configuration", () => {
    expect(html).toContain(`href="${LINKS.SUPPORT_WHATSAPP_URL}"`);
    expect(html).toContain(`href="mailto:${LINKS.CONTACT_EMAIL}"`);
    expect(html).toContain(`href="${LINKS.INSTAGRAM_URL}"`);
    expect(html).toContain(`href="${LINKS.FACEBOOK_URL}"`);
    expect(html).toContain(`href="${LINKS.LINKEDIN_URL}"`);
  });

  it("links every language and marks the page's own", () => {
    for (const href of ["/", "/en", "/es"]) expect(html).toContain(`href="${href}" hrefLang=`);
    if (variant.path !== "/v2") {
      expect(html).toMatch(
        new RegExp(
          `href="${variant.path}" hrefLang="${variant.lang}" lang="${variant.lang}" aria-current="page"`,
        ),
      );
    }
  });

  it("sizes every image and loads all but the hero lazily", async () => {
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const img of images) expect(img).toMatch(/width="\d+" height="\d+"/);
    expect(images.filter((img) => !img.includes('loading="lazy"'))).toEqual([
      expect.stringContaining('src="/images/landing/hero.webp"'),
    ]);
    for (const src of images.map((img) => /src="([^"]+)"/.exec(img)?.[1])) {
      const file = await fetch(`${server.url}${src}`);
      expect(file.status, String(src)).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("renders a sign-up form that posts to /leads without JavaScript, with a honeypot", () => {
    const action = variant.lang === "pt-BR" ? "/leads" : `/leads?lang=${variant.lang}`;
    expect(html).toContain(`action="${action}" method="post"`);
    expect(html).toMatch(/<input type="hidden" name="language" value="(pt-BR|en|es)"\/>/);
    expect(html).toMatch(/<input type="email"[^>]*name="email"/);
    expect(html).toMatch(/<input type="tel"[^>]*name="phone"/);
    expect(html).toMatch(
      /<div aria-hidden="true"[^>]*><label>[^<]*<input type="text" tabindex="-1"[^>]*name="website"/,
    );
  });

  it("is rendered for this request: every script carries the nonce of its CSP header", () => {
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });
});

/**
 * ADR 0011, 2026-11-23: nothing but the HTML itself stands before the first paint. The stylesheet is in the
 * page, no script is preloaded, and React Router's module script imports the app only once the visitor
 * does something (the browser tests prove it then hydrates).
 */
function expectLightDocument(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<style>[^<]*\.sr-only\{/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).not.toContain('rel="modulepreload"');
  const module = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  expect(module).not.toMatch(/^\s*import\s/m);
  expect(module.indexOf('"pointerdown"')).toBeGreaterThan(-1);
  expect(module.indexOf('"pointerdown"')).toBeLessThan(module.indexOf("import("));
  expect(module).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
}

describe.each(VARIANTS)("the $path landing page's first paint", (variant) => {
  it("needs no other request: the stylesheet is inline and the app waits for the visitor", async () => {
    expectLightDocument((await get(variant.path)).body);
  });
});

describe("the prerendered pages", () => {
  it.each(VARIANTS)("are written to build/prerendered for $path at build time", ({ path: page, title }) => {
    const file = path.join(BUILD, "prerendered", page, "index.html");
    const html = readFileSync(file, "utf8");
    expect(html).toContain(`<title>${title}</title>`);
    expectLightDocument(html);
    // A placeholder nonce that matches no CSP header: the file must never go out as it is.
    expect(html).toContain('nonce="ESTADIA_PRERENDER_NONCE"');
  });

  it("are not left in build/client, where the static files would serve them without a nonce", async () => {
    for (const page of ["", "en", "es", "v2"]) {
      expect(existsSync(path.join(BUILD, "client", page, "index.html")), `/${page}`).toBe(false);
    }
    const { res, body } = await get("/index.html");
    expect(res.status).toBe(404);
    expect(body).not.toContain("ESTADIA_PRERENDER_NONCE");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the four landing pages on the public origin, with their language alternates", async () => {
    const { res, body } = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect([...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/en`,
      `${ORIGIN}/es`,
      `${ORIGIN}/v2`,
    ]);
    expect(body).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${ORIGIN}/es"/>`);
  });

  it("lets crawlers in, keeps them out of the guest shops and the back office, and names the sitemap", async () => {
    const { res, body } = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const prefix of ["/i/", "/payment/", "/dashboard", "/api/"])
      expect(lines).toContain(`Disallow: ${prefix}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("link configuration", () => {
  it("refuses to start with a link that is not a URL or a contact that is not an email, naming them", async () => {
    const exited = await runServerExpectingExit({
      INSTAGRAM_URL: "instagram.com/estadia",
      CONTACT_EMAIL: "contato",
      DATA_DIR: path.join(server.dataDir, "unused"),
    });
    expect(exited.code).not.toBe(0);
    expect(exited.stderr).toContain("INSTAGRAM_URL: must be an http(s) URL");
    expect(exited.stderr).toContain("CONTACT_EMAIL: must be an email address");
  });
});
