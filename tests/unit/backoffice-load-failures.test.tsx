import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import BackofficeLayout from "~/routes/backoffice/layout";
import * as categories from "~/routes/backoffice/product-categories";
import * as products from "~/routes/backoffice/products";
import { openSections } from "~/routes/backoffice/sections";

// The routes' server modules are never called here; the stub only needs them to load.
vi.mock("~/routes/backoffice/guard.server", async () => {
  const { createContext } = await import("react-router");
  return { backofficeContext: createContext(), backofficeGuard: vi.fn() };
});
vi.mock("~/platform/db/database.server", () => ({ database: vi.fn() }));

type Boundary = (props: { error: unknown }) => React.ReactNode;

/** The page at `path` after its loader failed with `error`, inside the back-office layout. */
function failedPage(path: string, ErrorBoundary: Boundary, error: unknown) {
  const Stub = createRoutesStub([
    {
      id: "layout",
      Component: BackofficeLayout,
      children: [{ id: "page", path, Component: () => <p>lista</p>, ErrorBoundary }],
    },
  ]);
  const html = renderToStaticMarkup(
    <Stub
      initialEntries={[path]}
      hydrationData={{
        loaderData: {
          layout: {
            user: { name: "Maria", email: "maria@example.com" },
            organizationName: "Sol",
            organizations: [{ id: "o1", name: "Sol" }],
            activeOrganizationId: "o1",
            sections: openSections({ userId: "u1", organizationId: "o1", role: "owner" }),
          },
        },
        errors: { page: error },
      }}
    />,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("a back-office list whose loader failed", () => {
  it("shows 'Erro ao carregar produtos: {message}' on the products page, the navigation still there", () => {
    const text = failedPage("/products", products.ErrorBoundary as Boundary, new Error("connection refused"));
    expect(text).toContain("Gerenciar Produtos");
    expect(text).toContain(
      "Erro ao carregar produtos: o servidor não respondeu. Tente novamente em instantes.",
    );
    expect(text).toContain("Tentar novamente");
    expect(text).toContain("Imóveis");
    expect(text).not.toContain("connection refused");
  });

  it("shows 'Erro ao buscar categorias' on the categories page", () => {
    const text = failedPage(
      "/product-categories",
      categories.ErrorBoundary as Boundary,
      new Error("timeout"),
    );
    expect(text).toContain("Gerenciar Categorias de Produto");
    expect(text).toContain("Erro ao buscar categorias");
    expect(text).toContain("Tentar novamente");
  });
});
