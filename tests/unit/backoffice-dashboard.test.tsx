import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Actor } from "~/domain/team/permissions";
import { DashboardScreen, meta } from "~/routes/backoffice/dashboard";
import type { GettingStartedView } from "~/routes/backoffice/getting-started";
import type { ReceivingNoticeData } from "~/routes/backoffice/receiving-notice";
import { openSections } from "~/routes/backoffice/sections";

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

const owner: Actor = { userId: "u", organizationId: "o", role: "owner" };

function render(
  missing = 0,
  sections = openSections(owner),
  canRestock = true,
  receiving: ReceivingNoticeData | null = null,
) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <DashboardScreen missing={missing} sections={sections} canRestock={canRestock} receiving={receiving} />
    </MemoryRouter>,
  );
}

describe("/dashboard", () => {
  it("is titled Dashboard, with no <main> of its own (the shell has it)", () => {
    const html = render();
    expect(all(html, "h1").map((h) => h.text)).toEqual(["Dashboard"]);
    expect(html).not.toContain("<main");
    expect(meta()).toEqual([{ title: "Dashboard" }]);
  });

  it("has nine cards, each one whole link to its section", () => {
    const html = render();
    const links = all(html, "a");
    expect(links.map((a) => a.attrs.get("href"))).toEqual([
      "/properties",
      "/agenda",
      "/replacements",
      "/avarias",
      "/products",
      "/qr-templates",
      "/sales",
      "/withdrawals",
      "/recebimentos",
    ]);
    const titles = [
      "Imóveis",
      "Agenda",
      "Reposições",
      "Avarias",
      "Produtos",
      "Templates de QR Code",
      "Vendas",
      "Saques",
      "Recebimentos",
    ];
    expect(all(html, "h2").map((h) => h.text)).toEqual(titles);
    // Title and description sit inside the link: the whole card is clickable and names the link.
    links.forEach((link, index) => {
      expect(link.text.startsWith(titles[index] ?? "?"), link.text).toBe(true);
      expect(link.text.length).toBeGreaterThan(titles[index]?.length ?? 0);
    });
  });

  it("shows a manager the Recebimentos card too (they may read the account's status)", () => {
    const links = all(render(0, openSections({ ...owner, role: "manager" })), "a");
    expect(links.map((a) => a.attrs.get("href"))).toContain("/recebimentos");
  });

  it("shows cleaning staff only the cards of what they may open: no sales, no withdrawals", () => {
    const staff = openSections({ ...owner, role: "staff" });
    const links = all(render(0, staff), "a");
    expect(links.map((a) => a.attrs.get("href"))).toEqual([
      "/properties",
      "/agenda",
      "/replacements",
      "/avarias",
      "/products",
      "/qr-templates",
    ]);
  });

  it("tells staff what is missing without a link to start a run they may not start", () => {
    const html = render(2, openSections({ ...owner, role: "staff" }), false);
    expect(html).toContain("2 produtos estão faltando");
    expect(all(html, "a").map((a) => a.attrs.get("href"))).not.toContain("/replacements/create");
  });

  it("says how many products are missing, leading to a new restocking run, and nothing when none are", () => {
    const links = all(render(3), "a");
    expect(links[0]?.attrs.get("href")).toBe("/replacements/create");
    expect(links[0]?.text).toContain("3 produtos estão faltando");
    expect(render(0)).not.toContain("faltando");
  });

  describe("while the guests cannot pay", () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

    it("tells the owner first to connect an account, with a button to /recebimentos", () => {
      const html = render(3, openSections(owner), true, { canManage: true, account: null });
      expect(all(html, "h2")[0]?.text).toBe("Conecte uma conta para receber os pagamentos dos hóspedes");
      // Before the restocking banner and the cards.
      const links = all(html, "a");
      expect(links[0]?.attrs.get("href")).toBe("/recebimentos");
      expect(links[0]?.text).toBe("Conectar uma conta");
      expect(text(html)).toContain("a loja mostra os produtos e avisa que ainda não recebe pagamentos");
    });

    it("says when the account needs reconnecting", () => {
      const account = {
        status: "needs_reconnect" as const,
        statusLabel: "Precisa reconectar",
        providerLabel: "Mercado Pago",
      };
      const html = render(0, openSections(owner), true, { canManage: true, account });
      expect(all(html, "h2")[0]?.text).toBe("Sua conta Mercado Pago precisa ser reconectada");
      expect(text(html)).toContain("Precisa reconectar");
      expect(all(html, "a")[0]?.text).toBe("Reconectar");
    });

    it("shows a manager the status without the button", () => {
      const html = render(0, openSections({ ...owner, role: "manager" }), true, {
        canManage: false,
        account: null,
      });
      expect(all(html, "h2")[0]?.text).toBe("Nenhuma conta recebe os pagamentos dos hóspedes");
      expect(text(html)).toContain("Só o proprietário pode conectar a conta.");
      const hrefs = all(html, "a").map((a) => a.text);
      expect(hrefs).not.toContain("Conectar uma conta");
    });

    it("says nothing once the guests can pay", () => {
      expect(render()).not.toContain("hóspedes não conseguem pagar");
    });
  });

  describe("getting started (owners)", () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const STEPS = ["property", "products", "stock", "receiving", "poster", "purchase"] as const;
    const property = { id: "11111111-1111-4111-8111-111111111111", name: "Chalé", hash: "abcDEF123" };

    function view(doneCount: number, withProperty = true, sandbox = true): GettingStartedView {
      const steps = STEPS.map((step, i) => ({ step, done: i < doneCount }));
      return { steps, done: doneCount === STEPS.length, property: withProperty ? property : null, sandbox };
    }

    // A data router, as in the app: the checklist reads its steps again when the tab comes back.
    function withChecklist(v: GettingStartedView, open: boolean) {
      const screen = (
        <DashboardScreen
          missing={0}
          sections={openSections(owner)}
          canRestock
          gettingStarted={{ view: v, open }}
        />
      );
      const router = createMemoryRouter([{ path: "/dashboard", element: screen }], {
        initialEntries: ["/dashboard"],
      });
      return renderToStaticMarkup(<RouterProvider router={router} />);
    }

    /** Each step's heading as read aloud: '1. Cadastre um imóvel: Concluído'. */
    const stepHeadings = (html: string) => all(html, "h3").map((h) => h.text);

    it("lists the six steps in order, each saying whether it is done, before the cards", () => {
      const html = withChecklist(view(2), true);
      expect(all(html, "h2")[0]?.text).toBe("Primeiros passos");
      expect(text(html)).toContain("2 de 6 concluídos");
      expect(stepHeadings(html)).toEqual([
        "1. Cadastre um imóvel: Concluído",
        "2. Cadastre seus produtos: Concluído",
        "3. Coloque os produtos no imóvel: Pendente",
        "4. Receba os pagamentos: Pendente",
        "5. Imprima o cartaz com o QR Code: Pendente",
        "6. Faça uma compra de teste: Pendente",
      ]);
    });

    it("links each step to where it is done: the poster itself (its download ticks the step), the shop", () => {
      // Finished steps keep a small link to their place; the next one (the test purchase) its buttons.
      const html = withChecklist(view(5), true);
      const hrefs = all(html, "a").map((a) => a.attrs.get("href"));
      expect(hrefs.slice(0, 7)).toEqual([
        "/properties",
        "/products",
        `/properties/${property.id}/products`,
        "/recebimentos",
        `/properties/${property.id}/poster`,
        `/i/${property.hash}`,
        "/dev/payments",
      ]);
      // One step at a time (issue 49): nothing done, only the first step has a link, to the form itself.
      expect(all(withChecklist(view(0), true), "a").map((a) => a.attrs.get("href"))[0]).toBe(
        "/properties?novo=1",
      );
    });

    it("sends the steps on a property to /properties before there is one; no sandbox link in production", () => {
      const html = withChecklist(view(2, false, false), true);
      const hrefs = all(html, "a").map((a) => a.attrs.get("href"));
      expect(hrefs.slice(0, 3)).toEqual(["/properties", "/products", "/properties?novo=1"]);
      expect(hrefs).not.toContain("/dev/payments");
    });

    it("once done, hides behind a 'Primeiros passos' link that opens it again", () => {
      const closed = withChecklist(view(6), false);
      expect(stepHeadings(closed)).toEqual([]);
      const link = all(closed, "a").find((a) => a.text === "Primeiros passos");
      expect(link?.attrs.get("href")).toBe("/dashboard?primeiros-passos=1");

      const reopened = withChecklist(view(6), true);
      expect(stepHeadings(reopened)).toHaveLength(6);
      expect(text(reopened)).toContain("Tudo pronto");
      expect(
        all(reopened, "a")
          .find((a) => a.text === "Ocultar primeiros passos")
          ?.attrs.get("href"),
      ).toBe("/dashboard?primeiros-passos=0");
      expect(all(reopened, "a").map((a) => a.text)).not.toContain("Primeiros passos");
    });

    it("is not there for whoever is not an owner (no checklist, no link)", () => {
      const html = render();
      expect(html).not.toContain("Primeiros passos");
    });
  });
});
