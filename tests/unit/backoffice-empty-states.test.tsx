import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import Inventory from "~/routes/backoffice/inventory";
import ProductCategories from "~/routes/backoffice/product-categories";
import Properties from "~/routes/backoffice/properties";
import PropertyProducts from "~/routes/backoffice/property-products";
import WalletStatement from "~/routes/backoffice/wallet-statement";
import Withdrawals from "~/routes/backoffice/withdrawals";

// The routes' server modules are never called here; the stub only needs them to load.
vi.mock("~/routes/backoffice/guard.server", async () => {
  const { createContext } = await import("react-router");
  return { backofficeContext: createContext(), backofficeGuard: vi.fn() };
});
vi.mock("~/platform/db/database.server", () => ({ database: vi.fn() }));

/** The HTML of a route's screen given its loader's data, and its visible text. */
function render(path: string, Component: ComponentType<never>, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path, Component: Component as ComponentType }]);
  const html = renderToStaticMarkup(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData } }} />,
  );
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

/** Whether a link to `href` or a button named `name` is on the page. */
const hasLink = (html: string, href: string) => html.includes(`href="${href}"`);
const hasButton = (html: string, name: string) =>
  new RegExp(`<button[^>]*>(?:(?!</button>)[\\s\\S])*${name}`).test(html);

const PROPERTIES = {
  properties: [],
  appUrl: "http://localhost",
  posterTemplates: [],
  posterTemplate: "default",
  canSeeResults: true,
  loadError: null,
};

describe("the back office's empty lists, by role", () => {
  it("offers an owner or manager 'Cadastrar imóvel', and tells staff who adds properties", () => {
    const owner = render("/properties", Properties, { ...PROPERTIES, canManage: true });
    expect(owner.text).toContain("Nenhum imóvel cadastrado");
    expect(hasButton(owner.html, "Cadastrar imóvel")).toBe(true);

    const staff = render("/properties", Properties, { ...PROPERTIES, canManage: false });
    expect(staff.text).toContain("Nenhum imóvel cadastrado");
    expect(staff.text).toContain("quando o proprietário ou um gerente os cadastrar");
    expect(hasButton(staff.html, "Cadastrar imóvel")).toBe(false);
  });

  it("gives staff no category button", () => {
    const staff = render("/product-categories", ProductCategories, { categories: [], canManage: false });
    expect(staff.text).toContain("Nenhuma categoria cadastrada");
    expect(staff.text).toContain("agrupam os produtos na loja do hóspede");
    expect(hasButton(staff.html, "Criar primeira categoria")).toBe(false);
    const owner = render("/product-categories", ProductCategories, { categories: [], canManage: true });
    expect(hasButton(owner.html, "Criar primeira categoria")).toBe(true);
  });

  it("sends a manager to create a product when the catalogue is empty, to add them otherwise; staff to neither", () => {
    const path = "/properties/p1/products";
    const base = {
      property: { id: "p1", name: "Loft", address: "Rua A, 1" },
      rows: [],
      canCount: true,
      loadError: null,
    };
    const noCatalogue = render(path, PropertyProducts, { ...base, addable: [], canManage: true });
    expect(noCatalogue.text).toContain("Seu catálogo ainda não tem produtos");
    expect(hasLink(noCatalogue.html, "/products")).toBe(true);

    const addable = [{ id: "x1", name: "Café", priceCents: 900, image: null, imageThumb: null }];
    const withCatalogue = render(path, PropertyProducts, { ...base, addable, canManage: true });
    expect(withCatalogue.text).toContain("são o que os hóspedes veem e compram na loja");
    expect(withCatalogue.html.match(/>Adicionar produtos</g)).toHaveLength(2);

    const staff = render(path, PropertyProducts, { ...base, addable: [], canManage: false });
    expect(staff.text).toContain("quando o proprietário ou um gerente os adicionar a este imóvel");
    expect(hasLink(staff.html, "/products")).toBe(false);
    expect(staff.text).not.toContain("Adicionar produtos");
  });

  it("leads a manager from an empty stock to the property's products, and gives staff no link", () => {
    const base = {
      filter: { propertyId: null, categoryId: null, onlyMissing: false },
      filtered: false,
      rows: [],
      properties: [{ id: "p1", name: "Loft" }],
      categories: [],
      canCount: true,
    };
    const manager = render("/inventory", Inventory, { ...base, canSetAlert: true });
    expect(manager.text).toContain("Nenhum produto nos imóveis");
    expect(hasLink(manager.html, "/properties/p1/products")).toBe(true);
    expect(manager.text).toContain("Adicionar produtos em Loft");

    const staff = render("/inventory", Inventory, { ...base, canSetAlert: false });
    expect(staff.text).toContain("quando o proprietário ou um gerente colocar produtos nos imóveis");
    expect(hasLink(staff.html, "/properties/p1/products")).toBe(false);

    const filtered = render("/inventory", Inventory, { ...base, filtered: true, canSetAlert: true });
    expect(filtered.text).toContain("Nenhum produto encontrado para os filtros selecionados");
    expect(filtered.text).toContain("Limpar filtros");
  });

  it("says where the money goes by how the organization is paid out, with a link to Recebimentos", () => {
    const base = {
      wallets: [],
      total: { availableCents: 0, pendingCents: 0, reservedCents: 0, withdrawnCents: 0 },
      loadError: null,
      canWithdraw: false,
      values: null,
      minCents: 1000,
      history: [],
      releases: [],
    };
    const none = render("/withdrawals", Withdrawals, { ...base, mode: "none" });
    expect(none.text).toContain("Nenhuma carteira encontrada");
    expect(none.text).toContain("vai para a conta de recebimento que você conectar em Recebimentos");
    expect(hasLink(none.html, "/recebimentos")).toBe(true);
    const atMercadoPago = render("/withdrawals", Withdrawals, { ...base, mode: "mercadopago" });
    expect(atMercadoPago.text).toContain("vai direto para a sua conta do Mercado Pago");
    const here = render("/withdrawals", Withdrawals, { ...base, mode: "here" });
    expect(here.text).toContain("o saque para a sua chave Pix é pedido aqui");
    expect(here.text).toContain("Nenhum saque solicitado ainda.");
  });

  it("explains an empty statement: what moves the available balance, and where card sales wait", () => {
    const wallet = {
      id: "w1",
      propertyName: "Loft",
      propertyArchived: false,
      availableCents: 0,
      pendingCents: 4500,
      reservedCents: 0,
      withdrawnCents: 0,
    };
    const page = render("/wallets/w1", WalletStatement, { wallet, history: [], receivables: [] });
    expect(page.text).toContain("Nenhuma movimentação encontrada");
    expect(page.text).toContain("quando uma venda no cartão é liberada");
    expect(page.text).toContain("Nenhuma venda no cartão a receber");
  });
});
