import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "~/domain/team/permissions";
import { backofficeContext } from "~/routes/backoffice/guard.server";
import BackofficeLayout, { loader } from "~/routes/backoffice/layout";

// The real guard reads the session from the database; these tests only need its context key.
vi.mock("~/routes/backoffice/guard.server", async () => {
  const { createContext } = await import("react-router");
  return { backofficeContext: createContext(), backofficeGuard: vi.fn() };
});

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

const user = { name: "Maria da Silva", email: "maria@example.com" };

const OWNER_SECTIONS = [
  "/dashboard",
  "/hoje",
  "/properties",
  "/agenda",
  "/inventory",
  "/replacements",
  "/avarias",
  "/products",
  "/qr-templates",
  "/sales",
  "/withdrawals",
  "/recebimentos",
  "/hospedes",
  "/team",
];
const organizations = [{ id: "o1", name: "Pousada Sol" }];

function render(path: string, sections = OWNER_SECTIONS) {
  const Stub = createRoutesStub([
    {
      id: "layout",
      Component: BackofficeLayout,
      children: [{ path: "*", Component: () => <p>conteúdo da página</p> }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={[path]}
      hydrationData={{
        loaderData: {
          layout: {
            user,
            organizationName: "Pousada Sol",
            organizations,
            activeOrganizationId: "o1",
            sections,
          },
        },
      }}
    />,
  );
}

/** Links inside the side navigation (the drawer's copy only exists while it is open). */
function navLinks(html: string): Element[] {
  return all(html.slice(html.indexOf("<nav"), html.indexOf("</nav>")), "a");
}

describe("back-office layout", () => {
  it("lists the thirteen sections an owner may open in the side navigation", () => {
    const links = navLinks(render("/dashboard"));
    expect(links.map((a) => [a.text, a.attrs.get("href")])).toEqual([
      ["Dashboard", "/dashboard"],
      ["Hoje", "/hoje"],
      ["Imóveis", "/properties"],
      ["Agenda", "/agenda"],
      ["Estoque", "/inventory"],
      ["Reposições", "/replacements"],
      ["Avarias", "/avarias"],
      ["Produtos", "/products"],
      ["Vendas", "/sales"],
      ["Saques", "/withdrawals"],
      ["Recebimentos", "/recebimentos"],
      ["Dados de hóspedes", "/hospedes"],
      ["Equipe", "/team"],
    ]);
  });

  it("shows only the sections the role may open", () => {
    const staff = [
      "/dashboard",
      "/hoje",
      "/properties",
      "/inventory",
      "/replacements",
      "/products",
      "/qr-templates",
    ];
    const links = navLinks(render("/dashboard", staff));
    expect(links.map((a) => a.text)).toEqual([
      "Dashboard",
      "Hoje",
      "Imóveis",
      "Estoque",
      "Reposições",
      "Produtos",
    ]);
  });

  it("marks the current section, also on its sub-pages", () => {
    const current = navLinks(render("/replacements/create")).filter((a) => a.attrs.has("aria-current"));
    expect(current.map((a) => a.text)).toEqual(["Reposições"]);
    const history = navLinks(render("/inventory/historico")).filter((a) => a.attrs.has("aria-current"));
    expect(history.map((a) => a.text)).toEqual(["Estoque"]);
  });

  it("has the brand, the account menu with the user's initials and the page inside <main>", () => {
    const html = render("/sales");
    expect(html).toContain("Estadia");
    const trigger = all(html, "button").find((b) => b.attrs.get("aria-label") === "Menu da conta");
    expect(trigger?.text).toBe("MD");
    const mains = all(html, "main");
    expect(mains).toHaveLength(1);
    expect(mains[0]?.text).toBe("conteúdo da página");
  });

  it("shows no loading text while idle", () => {
    expect(render("/dashboard")).not.toContain("Carregando...");
  });

  it("loader hands the signed-in user and organization from the guard to the page", () => {
    const context = new RouterContextProvider();
    const actor: Actor = { userId: "u1", organizationId: "o1", role: "owner" };
    context.set(backofficeContext, {
      actor,
      sessionId: "s1",
      user,
      organizationName: "Pousada Sol",
      organizations,
    });
    const url = new URL("http://localhost/dashboard");
    const result = loader({ context, request: new Request(url), url, params: {}, pattern: "/dashboard" });
    expect(result).toEqual({
      user,
      organizationName: "Pousada Sol",
      organizations,
      activeOrganizationId: "o1",
      sections: OWNER_SECTIONS,
    });
  });
});
