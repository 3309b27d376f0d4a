import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AvatarMenu } from "~/ui/avatar-menu";

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

// React Router's Form needs a data router.
function render(
  name: string | null,
  email = "maria@example.com",
  organizations: { id: string; name: string }[] = [],
) {
  const Stub = createRoutesStub([
    {
      path: "/dashboard",
      Component: () => (
        <AvatarMenu
          name={name}
          email={email}
          signOutAction="/sign-out"
          organizations={organizations}
          activeOrganizationId={organizations[1]?.id}
          switchAction="/organizacao/ativa"
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/dashboard"]} />);
}

/** The menu's trigger: the button that opens a menu. */
function trigger(html: string): Element {
  const buttons = all(html, "button").filter((b) => b.attrs.get("aria-haspopup") === "menu");
  expect(buttons).toHaveLength(1);
  const [button] = buttons;
  if (!button) throw new Error("no trigger");
  return button;
}

describe("AvatarMenu", () => {
  it("is a closed menu button named 'Menu da conta' showing the initials", () => {
    const button = trigger(render("maria da silva"));
    expect(button.attrs.get("aria-label")).toBe("Menu da conta");
    expect(button.attrs.get("type")).toBe("button");
    expect(button.attrs.get("aria-expanded")).toBe("false");
    expect(button.text).toBe("MD");
  });

  it("shows U when the account has no name", () => {
    expect(trigger(render("")).text).toBe("U");
    expect(trigger(render(null)).text).toBe("U");
  });

  it("offers a plain sign-out form for browsers without JavaScript", () => {
    const html = render("Ana");
    const noscript = html.slice(html.indexOf("<noscript>"), html.indexOf("</noscript>"));
    const [form] = all(noscript, "form");
    expect(form?.attrs.get("method")).toBe("post");
    expect(form?.attrs.get("action")).toBe("/sign-out");
    const submit = all(noscript, "button");
    expect(submit.map((b) => [b.attrs.get("type"), b.text])).toEqual([["submit", "Sair"]]);
  });

  it("without JavaScript, lets a person in several organizations pick the active one", () => {
    const orgs = [
      { id: "o1", name: "Pousada Sol" },
      { id: "o2", name: "Chalé Lua" },
    ];
    const html = render("Ana", "ana@example.com", orgs);
    const noscript = html.slice(html.indexOf("<noscript>"), html.indexOf("</noscript>"));
    const [switchForm] = all(noscript, "form");
    expect(switchForm?.attrs.get("action")).toBe("/organizacao/ativa");
    const options = all(noscript, "option");
    expect(options.map((o) => [o.attrs.get("value"), o.text, o.attrs.has("selected")])).toEqual([
      ["o1", "Pousada Sol", false],
      ["o2", "Chalé Lua", true],
    ]);
  });

  it("offers no organization choice to someone in one organization", () => {
    const html = render("Ana", "ana@example.com", [{ id: "o1", name: "Pousada Sol" }]);
    expect(html).not.toContain("/organizacao/ativa");
  });
});
