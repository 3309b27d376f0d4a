import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Actor } from "~/domain/team/permissions";
import { DashboardScreen, meta } from "~/routes/backoffice/dashboard";
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

  it("has seven cards, each one whole link to its section", () => {
    const html = render();
    const links = all(html, "a");
    expect(links.map((a) => a.attrs.get("href"))).toEqual([
      "/properties",
      "/replacements",
      "/products",
      "/qr-templates",
      "/sales",
      "/withdrawals",
      "/recebimentos",
    ]);
    const titles = [
      "Imóveis",
      "Reposições",
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
      "/replacements",
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
      expect(text(html)).toContain("os hóspedes não conseguem pagar");
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
});
