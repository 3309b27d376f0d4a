import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClasses } from "~/ui/button";

/** The single <button> in the markup: its attributes and visible text. */
function button(html: string) {
  const match = /<button(\s[^>]*)?>([\s\S]*?)<\/button>/.exec(html);
  if (!match) throw new Error(`no <button> in ${html}`);
  const attrs = new Map<string, string>();
  for (const [, name = "", value = ""] of (match[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    attrs.set(name, value);
  }
  const text = (match[2] ?? "").replace(/<[^>]*>/g, "").trim();
  return { attrs, text };
}

describe("Button", () => {
  it("defaults to type=button so it never submits a form by accident", () => {
    const { attrs, text } = button(renderToStaticMarkup(<Button>Salvar</Button>));
    expect(attrs.get("type")).toBe("button");
    expect(text).toBe("Salvar");
    expect(attrs.has("disabled")).toBe(false);
    expect(attrs.has("aria-busy")).toBe(false);
  });

  it("keeps an explicit submit type and passes name/value through for plain form posts", () => {
    const { attrs } = button(
      renderToStaticMarkup(
        <Button type="submit" name="intent" value="publicar">
          Publicar
        </Button>,
      ),
    );
    expect(attrs.get("type")).toBe("submit");
    expect(attrs.get("name")).toBe("intent");
    expect(attrs.get("value")).toBe("publicar");
  });

  it("while busy shows the busy label, is disabled and marked aria-busy", () => {
    const { attrs, text } = button(
      renderToStaticMarkup(
        <Button type="submit" busy busyLabel="Salvando...">
          Salvar
        </Button>,
      ),
    );
    expect(text).toBe("Salvando...");
    expect(attrs.has("disabled")).toBe(true);
    expect(attrs.get("aria-busy")).toBe("true");
  });

  it("an icon button keeps its aria-label as name while busy", () => {
    const { attrs, text } = button(
      renderToStaticMarkup(
        <Button size="icon" aria-label="Excluir" busy busyLabel="Excluindo...">
          x
        </Button>,
      ),
    );
    expect(attrs.get("aria-label")).toBe("Excluir");
    expect(text).toBe("Excluindo...");
    expect(attrs.has("disabled")).toBe(true);
  });

  it("buttonClasses gives links the same look", () => {
    expect(buttonClasses({ variant: "outline", size: "sm" })).toContain("border");
    expect(buttonClasses()).toContain("bg-brand");
  });
});
