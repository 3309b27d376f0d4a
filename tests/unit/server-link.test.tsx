import { renderToString } from "react-dom/server";
import { type LinkProps, MemoryRouter, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink } from "~/ui/link";

function html(Component: typeof RouterLink | typeof ServerLink, props: LinkProps) {
  return renderToString(
    <MemoryRouter initialEntries={["/dashboard/resumo?periodo=mes"]}>
      <Component {...props} />
    </MemoryRouter>,
  );
}

const paths = [
  "/",
  "/sales",
  "/sales?de=2026-11-01&ate=2026-11-25&imovel=34f9c144-18a8-475e-8648-b3db5eea2b4c",
  "/properties/34f9/resultado?periodo=mes",
  "/inventory/historico?motivo=loss&de=2026-11-01",
  "/hospedes?q=ana%40example.com&anonimizar=1",
  "/team#convites",
  "/properties/",
  // Paths React Router rewrites, and relative ones: <Link> itself writes them.
  "?agrupar=imovel",
  "resultado",
  "../products",
  "/a//b",
  "/a/./b",
  "/a/../b",
  "/a?",
  "/a#",
  "/a\\b",
];

describe("the server's links", () => {
  it("are what React Router's <Link> writes, for every kind of path", () => {
    for (const to of paths) {
      const props = { to, className: "text-brand hover:underline", children: `ir para ${to}` };
      expect(html(ServerLink, props), to).toBe(html(RouterLink, props));
    }
  });

  it("keep the attributes <Link> writes and leave out what only the browser uses", () => {
    const props: LinkProps = {
      to: "/sales?status=refunded",
      target: "_blank",
      id: "vendas",
      "aria-current": "page",
      replace: true,
      state: { from: "dashboard" },
      preventScrollReset: true,
      viewTransition: true,
      onClick: () => undefined,
      children: "Vendas",
    };
    const written = html(ServerLink, props);
    expect(written).toBe(html(RouterLink, props));
    expect(written).toContain('href="/sales?status=refunded"');
    expect(written).toContain('data-discover="true"');
  });

  it("hand what changes the markup to <Link>", () => {
    for (const props of [
      { to: { pathname: "/sales", search: "?a=1" } },
      { to: "/sales", reloadDocument: true },
      { to: "/sales", discover: "none" as const },
      { to: "/sales", relative: "path" as const },
    ])
      expect(html(ServerLink, { ...props, children: "x" })).toBe(
        html(RouterLink, { ...props, children: "x" }),
      );
  });
});
