import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/select";

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

function one(html: string, tag: string): Element {
  const found = all(html, tag);
  expect(found).toHaveLength(1);
  const [element] = found;
  if (!element) throw new Error(`no <${tag}>`);
  return element;
}

/** Text of the elements aria-describedby points at, in order. */
function description(html: string, control: Element): string[] {
  const ids = (control.attrs.get("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  const byId = new Map(all(html, "p").map((p) => [p.attrs.get("id"), p] as const));
  return ids.map((id) => byId.get(id)?.text ?? `missing #${id}`);
}

describe("Field", () => {
  it("ties the label to the control", () => {
    const html = renderToStaticMarkup(
      <Field label="Nome do anúncio">{(control) => <Input name="title" {...control} />}</Field>,
    );
    const label = one(html, "label");
    const input = one(html, "input");
    expect(label.text).toBe("Nome do anúncio");
    expect(input.attrs.get("id")).toBeTruthy();
    expect(label.attrs.get("for")).toBe(input.attrs.get("id"));
    expect(input.attrs.get("name")).toBe("title");
  });

  it("without an error: hint describes the control, nothing is invalid or announced", () => {
    const html = renderToStaticMarkup(
      <Field label="E-mail" hint="Usado para enviar os pedidos">
        {(control) => <Input type="email" name="email" {...control} />}
      </Field>,
    );
    const input = one(html, "input");
    expect(input.attrs.has("aria-invalid")).toBe(false);
    expect(html).not.toContain('role="alert"');
    expect(description(html, input)).toEqual(["Usado para enviar os pedidos"]);
  });

  it("without hint or error there is no aria-describedby", () => {
    const html = renderToStaticMarkup(<Field label="Cidade">{(control) => <Input {...control} />}</Field>);
    expect(one(html, "input").attrs.has("aria-describedby")).toBe(false);
  });

  it("with an error: control is invalid and described by the error, which is an alert", () => {
    const html = renderToStaticMarkup(
      <Field label="E-mail" hint="Usado para enviar os pedidos" error="Informe um e-mail válido">
        {(control) => <Input type="email" name="email" {...control} />}
      </Field>,
    );
    const input = one(html, "input");
    expect(input.attrs.get("aria-invalid")).toBe("true");
    const alerts = all(html, "p").filter((p) => p.attrs.get("role") === "alert");
    expect(alerts.map((p) => p.text)).toEqual(["Informe um e-mail válido"]);
    expect(description(html, input)).toEqual(["Usado para enviar os pedidos", "Informe um e-mail válido"]);
  });

  it("wires native selects the same way and keeps ids unique per field", () => {
    const html = renderToStaticMarkup(
      <form>
        <Field label="Estado" error="Escolha um estado">
          {(control) => (
            <NativeSelect name="uf" {...control}>
              <option value="">Selecione</option>
              <option value="SP">São Paulo</option>
            </NativeSelect>
          )}
        </Field>
        <Field label="Cidade">{(control) => <Input name="city" {...control} />}</Field>
      </form>,
    );
    const select = one(html, "select");
    const input = one(html, "input");
    const labels = all(html, "label");
    expect(labels.map((l) => l.attrs.get("for"))).toEqual([select.attrs.get("id"), input.attrs.get("id")]);
    expect(select.attrs.get("id")).not.toBe(input.attrs.get("id"));
    expect(select.attrs.get("name")).toBe("uf");
    expect(select.attrs.get("aria-invalid")).toBe("true");
    expect(description(html, select)).toEqual(["Escolha um estado"]);
    expect(input.attrs.has("aria-invalid")).toBe(false);
  });
});
