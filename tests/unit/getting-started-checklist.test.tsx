import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { STEP_TEXT } from "~/domain/onboarding/messages";
import { GETTING_STARTED_STEPS } from "~/domain/onboarding/steps";
import { GettingStarted, type GettingStartedView } from "~/routes/backoffice/getting-started";

function view(done: number): GettingStartedView {
  const steps = GETTING_STARTED_STEPS.map((step, i) => ({ step, done: i < done }));
  return {
    steps,
    done: steps.every((s) => s.done),
    property: done > 0 ? { id: "p1", name: "Casa", hash: "h1" } : null,
    sandbox: true,
  };
}

function render(v: GettingStartedView) {
  const Stub = createRoutesStub([{ path: "/dashboard", Component: () => <GettingStarted view={v} /> }]);
  const html = renderToStaticMarkup(<Stub initialEntries={["/dashboard"]} />);
  const items = [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[0]);
  return { html, items };
}

/** The links of one step, as [text, href]; 'primary' when styled as the page's button. */
const links = (item: string) =>
  [
    ...item.matchAll(
      /<a[^>]*class="([^"]*)"[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>|<a[^>]*href="([^"]*)"[^>]*class="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g,
    ),
  ].map((m) => ({
    href: m[2] ?? m[4] ?? "",
    primary: /bg-brand/.test(m[1] ?? m[5] ?? ""),
    text: (m[3] ?? m[6] ?? "").replace(/<[^>]+>/g, ""),
  }));

describe("the checklist (issue 49): one step at a time", () => {
  it("gives only the next step its description and the one primary button; finished steps are folded", () => {
    const { items } = render(view(2));
    expect(items).toHaveLength(6);
    const primaries = items.flatMap((item, i) =>
      links(item)
        .filter((l) => l.primary)
        .map(() => i),
    );
    expect(primaries).toEqual([2]);
    expect(items[2]).toContain('aria-current="step"');
    expect(items[2]).toContain(STEP_TEXT.stock.description);
    for (const i of [0, 1, 3, 4, 5])
      expect(items[i]).not.toContain(STEP_TEXT[GETTING_STARTED_STEPS[i] ?? "stock"].description);
    // Later steps are only named: nothing to click before their turn.
    for (const i of [3, 4, 5]) expect(links(items[i] ?? "")).toEqual([]);
  });

  it("opens the property's and the product's form, not their lists", () => {
    expect(links(render(view(0)).items[0] ?? "")[0]?.href).toBe("/properties?novo=1");
    expect(links(render(view(1)).items[1] ?? "")[0]?.href).toBe("/products?novo=1");
  });

  it("says a word when everything is done", () => {
    const { html } = render(view(6));
    expect(html).toContain("Tudo pronto: a primeira venda foi feita");
    expect(html).toContain('href="/dashboard?primeiros-passos=0"');
  });
});
