import { LayoutDashboard, Package } from "lucide-react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppShell, type NavItem, PageFrame } from "~/ui/page-frame";

interface Element {
  attrs: Map<string, string>;
  text: string;
}

/** Elements with the given tag (not nested in themselves), with attributes and plain text. */
function all(html: string, tag: string): Element[] {
  const pattern = new RegExp(`<${tag}(\\s[^>]*)?>(?:([\\s\\S]*?)</${tag}>)?`, "g");
  return [...html.matchAll(pattern)].map((match) => {
    const attrs = new Map<string, string>();
    for (const [, name = "", value = ""] of (match[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      attrs.set(name, value);
    }
    return { attrs, text: (match[2] ?? "").replace(/<[^>]*>/g, "").trim() };
  });
}

const accessibleName = (element: Element) => element.attrs.get("aria-label") ?? element.text;

const nav: NavItem[] = [
  { to: "/painel", label: "Início", icon: LayoutDashboard },
  { to: "/painel/produtos", label: "Produtos", icon: Package },
  { to: "/painel/pedidos", label: "Pedidos" },
];

function render(currentPath: string, extra: { linkComponent?: (props: LinkProps) => ReactNode } = {}) {
  return renderToStaticMarkup(
    <AppShell nav={nav} currentPath={currentPath} {...extra}>
      <PageFrame title="Produtos">conteúdo</PageFrame>
    </AppShell>,
  );
}

/** Nav entries = links inside the <nav> landmark. */
function navLinks(html: string): Element[] {
  const navs = all(html, "nav");
  expect(navs).toHaveLength(1);
  const [navElement] = navs;
  expect(navElement?.attrs.get("aria-label")).toBe("Principal");
  const inner = html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
  return all(inner, "a");
}

interface LinkProps {
  to: string;
  children?: ReactNode;
  "aria-current"?: "page";
}

/** Stand-in for a router link: takes `to`, renders its own href. */
function RouterLink({ to, children, "aria-current": ariaCurrent }: LinkProps) {
  return (
    <a href={`/app${to}`} aria-current={ariaCurrent}>
      {children}
    </a>
  );
}

describe("AppShell", () => {
  it("every nav entry is a link named by its label", () => {
    const links = navLinks(render("/painel"));
    expect(links.map(accessibleName)).toEqual(["Início", "Produtos", "Pedidos"]);
    expect(links.map((a) => a.attrs.get("href"))).toEqual(["/painel", "/painel/produtos", "/painel/pedidos"]);
  });

  it("marks only the current entry with aria-current=page, also on its sub-pages", () => {
    for (const path of ["/painel/produtos", "/painel/produtos/42/editar", "/painel/produtos/?aba=fotos"]) {
      const current = navLinks(render(path)).filter((a) => a.attrs.get("aria-current") === "page");
      expect(current.map(accessibleName), path).toEqual(["Produtos"]);
    }
    const home = navLinks(render("/painel")).filter((a) => a.attrs.has("aria-current"));
    expect(home.map(accessibleName)).toEqual(["Início"]);
  });

  it("has a skip link to the main content", () => {
    const html = render("/painel");
    const skip = all(html, "a").find((a) => a.text === "Pular para o conteúdo");
    expect(skip?.attrs.get("href")).toBe("#conteudo");
    const mains = all(html, "main");
    expect(mains).toHaveLength(1);
    expect(mains[0]?.attrs.get("id")).toBe("conteudo");
  });

  it("has a menu button for the phone drawer", () => {
    const menu = all(render("/painel"), "button").filter((b) => accessibleName(b) === "Abrir menu");
    expect(menu).toHaveLength(1);
    expect(menu[0]?.attrs.get("aria-expanded")).toBe("false");
    expect(menu[0]?.attrs.get("aria-haspopup")).toBe("dialog");
  });

  it("passes `to` to a custom link component (e.g. React Router's Link)", () => {
    const links = navLinks(render("/painel/pedidos", { linkComponent: RouterLink }));
    expect(links.map((a) => a.attrs.get("href"))).toEqual([
      "/app/painel",
      "/app/painel/produtos",
      "/app/painel/pedidos",
    ]);
    expect(links.filter((a) => a.attrs.has("aria-current")).map(accessibleName)).toEqual(["Pedidos"]);
  });
});

describe("PageFrame", () => {
  it("renders the title as the only h1 with actions, and no <main> of its own", () => {
    const html = renderToStaticMarkup(
      <PageFrame title="Pedidos" actions={<a href="/painel/pedidos/novo">Novo pedido</a>}>
        <p>lista</p>
      </PageFrame>,
    );
    expect(all(html, "h1").map((h) => h.text)).toEqual(["Pedidos"]);
    expect(all(html, "a").map((a) => a.text)).toEqual(["Novo pedido"]);
    expect(html).not.toContain("<main");
  });
});
