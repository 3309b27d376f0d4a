// The landing pages in a real browser (phone and desktop projects): accessibility (axe), the header, the
// mobile menu, anchor navigation, the FAQ accordion, the screenshots carousel and the footer.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/landing";

const VARIANTS = [
  {
    path: "/",
    lang: "pt-BR",
    title: "Estadia — loja por QR Code para anfitriões de temporada",
    cta: "Comece Agora",
  },
  {
    path: "/en",
    lang: "en",
    title: "Estadia — a QR code shop for short-term rental hosts",
    cta: "Get Started",
  },
  {
    path: "/es",
    lang: "es",
    title: "Estadia — tienda con código QR para anfitriones de alquiler temporario",
    cta: "Empieza Ahora",
  },
  {
    path: "/v2",
    lang: "pt-BR",
    title: "Estadia — automatize seu negócio de temporada",
    cta: "Comece Grátis",
  },
];

/** Collects CSP violations and script errors: any of them means the page did not hydrate cleanly. */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

for (const variant of VARIANTS) {
  test(`${variant.path}: hydrates under the CSP, in its language, and axe finds no violations`, async ({
    page,
  }) => {
    const problems = watchForErrors(page);
    await page.goto(variant.path);
    await expect(page).toHaveTitle(variant.title);
    await expect(page.locator("html")).toHaveAttribute("lang", variant.lang);
    await hydrated(page);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

    // The menu panel and an open answer are part of the page too.
    const menu = page.getByRole("button", { name: /^Men[uú]$/ });
    if (await menu.isVisible()) await menu.click();
    await page.locator("section[id] h3 button[aria-expanded]").first().click();
    const opened = await new AxeBuilder({ page }).analyze();
    expect(opened.violations.map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test("the call to action and 'see how it works' scroll to their sections", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Veja como funciona" }).click();
  await expect(page).toHaveURL(/#como-funciona$/);
  await expect(page.getByRole("heading", { level: 2, name: "Como Funciona" })).toBeInViewport();

  await page.getByRole("main").getByRole("link", { name: "Comece Agora" }).click();
  await expect(page).toHaveURL(/#cadastro$/);
  await expect(page.getByRole("heading", { level: 2, name: "Comece grátis hoje" })).toBeInViewport();
});

test("the app loads when the visitor first does something, and a question tapped before that opens", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/en");
  await page.waitForLoadState("load");
  // Nothing but the HTML (with its stylesheet) until then: no script of the app was fetched.
  expect(scripts).toEqual([]);
  const first = page.locator("section[id] h3 button[aria-expanded]").first();
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  expect(scripts.some((url) => url.includes("/assets/entry.client-"))).toBe(true);
});

test("the header turns solid once the page scrolls past 10 px", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.evaluate(() => window.scrollTo(0, 11));
  await expect(header).toHaveAttribute("data-solid", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-solid", "false");
});

test("the FAQ keeps at most one answer open, and the open question closes it", async ({ page }) => {
  await page.goto("/en");
  await hydrated(page);
  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  const questions = faq.getByRole("button");
  await expect(questions).toHaveCount(6);

  const fee = faq.getByRole("button", { name: "Is there a monthly fee?" });
  const app = faq.getByRole("button", { name: "Do guests need to download an app?" });
  await fee.click();
  await expect(fee).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByText(/Estadia has no monthly fee/)).toBeVisible();

  await app.click();
  await expect(app).toHaveAttribute("aria-expanded", "true");
  await expect(fee).toHaveAttribute("aria-expanded", "false");
  await expect(faq.getByText(/Estadia has no monthly fee/)).toBeHidden();
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);

  await app.click();
  await expect(app).toHaveAttribute("aria-expanded", "false");
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);

  // By keyboard: Enter on a focused question opens it.
  await fee.focus();
  await page.keyboard.press("Enter");
  await expect(fee).toHaveAttribute("aria-expanded", "true");
});

test("the Portuguese screenshots carousel wraps both ways and its dots jump to a slide", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const carousel = page.getByRole("region", { name: "Capturas de tela do Estadia" });
  await carousel.scrollIntoViewIfNeeded();
  const slide = (n: number) => carousel.getByRole("group", { name: `Imagem ${n} de 3` });
  const next = carousel.getByRole("button", { name: "Próxima imagem" });
  const previous = carousel.getByRole("button", { name: "Imagem anterior" });

  await expect(slide(1)).toBeVisible();
  await expect(slide(1).getByRole("img")).toHaveJSProperty("complete", true);
  await previous.click();
  await expect(slide(3)).toBeVisible();
  await expect(slide(1)).toBeHidden();
  await next.click();
  await expect(slide(1)).toBeVisible();
  await next.click();
  await next.click();
  await expect(slide(3)).toBeVisible();
  await next.click();
  await expect(slide(1)).toBeVisible();

  const dot = carousel.getByRole("button", { name: "Ir para a imagem 2" });
  await dot.click();
  await expect(slide(2)).toBeVisible();
  await expect(dot).toHaveAttribute("aria-current", "true");
  await expect(carousel.getByRole("button", { name: "Ir para a imagem 1" })).not.toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("the English screenshots are a grid of three", async ({ page }) => {
  await page.goto("/en");
  const section = page.getByRole("region", { name: "See Estadia in action" });
  await expect(section.getByRole("img")).toHaveCount(3);
  await expect(section.getByRole("button")).toHaveCount(0);
});

async function mobileMenuOpensAndCloses(page: Page) {
  await page.goto("/");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Menu" });
  const menuLink = page.getByRole("banner").getByRole("link", { name: "Depoimentos" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(menuLink).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(menuLink).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Español" })).toHaveAttribute(
    "href",
    "/es",
  );

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(menuLink).toBeHidden();

  // Escape closes it and gives focus back to the toggle; following a link closes it too.
  await toggle.click();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await toggle.click();
  await menuLink.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveURL(/#depoimentos$/);
  await expect(page.getByRole("heading", { level: 2, name: "Depoimentos" })).toBeInViewport();
}

async function desktopHeaderShowsAnchorLinks(page: Page) {
  await page.goto("/v2");
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Principal" });
  for (const label of ["Como Funciona", "Funcionalidades", "Benefícios", "Depoimentos"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
}

test("the header fits the screen: a menu that opens and closes on phones, anchor links on desktops", async ({
  page,
  isMobile,
}) => {
  if (isMobile) await mobileMenuOpensAndCloses(page);
  else await desktopHeaderShowsAnchorLinks(page);
});

test("by keyboard: the skip link comes first and leads to the content", async ({ page }) => {
  await page.goto("/es");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#conteudo$/);
});

test("the footer has the current year, language flags and a way back to the top", async ({ page }) => {
  await page.goto("/en");
  await hydrated(page);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(`© ${new Date().getFullYear()} Estadia. All rights reserved.`)).toBeVisible();
  await expect(footer.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");
  await expect(footer.getByRole("link", { name: "Português" })).toHaveAttribute("href", "/");
  await expect(footer.getByRole("link", { name: "Estadia on Instagram" })).toHaveAttribute(
    "target",
    "_blank",
  );

  await footer.getByRole("link", { name: "Back to top" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);

  await footer.getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL("/es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
