import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import { describe, expect, it } from "vitest";
import { glossaryViolations } from "~/lib/glossary";

// Issue 25: one glossary (app/lib/glossary.ts) in every interface string. What counts as interface text:
// JSX text; a string in JSX children or in a visible attribute (label, title, placeholder, aria-label…); a
// string under a key such as `label`, `title`, `message`; and any string with a space (a sentence) except
// in imports, types, log calls and developer errors. A lone token elsewhere ("PIX" sent to an API, "email"
// as a field name) is code, not text.

const ROOT = path.resolve(__dirname, "../..");

/** Pages in another language: their English and Spanish copy writes email in its own language. */
const OTHER_LANGUAGES = new Set([
  "app/routes/marketing/content-en.ts",
  "app/routes/marketing/content-es.ts",
  "app/routes/marketing/landing-en.tsx",
  "app/routes/marketing/landing-es.tsx",
]);

const UI_NAMES = new Set([
  "label",
  "title",
  "placeholder",
  "aria-label",
  "aria-description",
  "alt",
  "hint",
  "description",
  "text",
  "message",
  "heading",
  "busyLabel",
  "subtitle",
  "emptyText",
  "children",
  "content",
  "summary",
  "question",
  "answer",
  "cta",
  "body",
  "subject",
]);

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

function nameOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "Identifier" || node.type === "JSXIdentifier") return node.name as string;
  if (node.type === "StringLiteral") return node.value as string;
  if (node.type === "JSXNamespacedName") return `${nameOf(node.namespace)}:${nameOf(node.name)}`;
  return undefined;
}

/** `console.log(…)`, `log.warn(…)`, `logger.error(…)`, `new Error(…)`: for developers, not hosts. */
function isDeveloperCall(node: Node): boolean {
  if (node.type === "NewExpression") return /Error$/.test(nameOf(node.callee) ?? "");
  if (node.type !== "CallExpression") return false;
  const callee = node.callee;
  if (!isNode(callee) || callee.type !== "MemberExpression") return false;
  // `log.warn`, and `ctx.log.warn`: the logger is the last name before the method.
  const object = callee.object;
  const logger = isNode(object) && object.type === "MemberExpression" ? object.property : object;
  return /^(console|log|logger)$/.test(nameOf(logger) ?? "");
}

/** `const PIX_KEY_LABEL = {…}`, `BUYER_TEXT`, `…_MESSAGES`: a table of texts, its values all shown. */
const TEXT_TABLE = /(label|text|title|message|heading|copy|header)s?$/i;

type Where = "ui" | "code" | "skip";

/** Where a string sits, from its nearest meaningful ancestor. */
function placeOf(ancestors: Node[], child: Node): Where {
  // Another language's copy, beside the Portuguese (`{ pt: …, en: …, es: … }`).
  if (ancestors.some((a) => a.type === "ObjectProperty" && /^(en|es)$/.test(nameOf(a.key) ?? "")))
    return "skip";
  let node = child;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const parent = ancestors[i] as Node;
    switch (parent.type) {
      case "ImportDeclaration":
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
      case "TSLiteralType":
      case "TSEnumMember":
      case "TSPropertySignature":
      case "TSTypeAnnotation":
        if (parent.type === "ExportNamedDeclaration" && parent.source !== node) break;
        return "skip";
      case "JSXExpressionContainer":
        // In children: shown. As an attribute's value: decided by the attribute.
        break;
      case "JSXElement":
      case "JSXFragment":
        return "ui";
      case "JSXAttribute":
        return UI_NAMES.has(nameOf(parent.name) ?? "") ? "ui" : "code";
      case "ObjectProperty": {
        if (parent.key === node && !parent.computed) return "skip";
        if (UI_NAMES.has(nameOf(parent.key) ?? "")) return "ui";
        break;
      }
      case "ObjectExpression":
      case "ArrayExpression":
        break;
      case "VariableDeclarator":
        return TEXT_TABLE.test(nameOf(parent.id) ?? "") ? "ui" : "code";
      case "ConditionalExpression":
      case "LogicalExpression":
      case "BinaryExpression":
      case "TemplateLiteral":
      case "TSAsExpression":
      case "TSSatisfiesExpression":
        break;
      case "CallExpression":
      case "NewExpression":
        return isDeveloperCall(parent) ? "skip" : "code";
      default:
        return "code";
    }
    node = parent;
  }
  return "code";
}

type Hit = { file: string; line: number; text: string; fix: string };

/** The interface strings of one module that spell a glossary word another way. */
function scanSource(file: string, source: string): Hit[] {
  const ast = parse(source, { sourceType: "module", plugins: ["typescript", "jsx"], errorRecovery: true });
  const hits: Hit[] = [];
  const check = (text: string, node: Node, always: boolean, where: Where) => {
    if (where === "skip" || !text.trim()) return;
    if (where === "code" && !always) return;
    // The line of the text itself, not of the whitespace before it.
    const line = (node.loc?.start.line ?? 0) + (/^\s*/.exec(text)?.[0].split("\n").length ?? 1) - 1;
    for (const v of glossaryViolations(text)) {
      hits.push({ file, line, text: text.trim(), fix: `${v.found} → ${v.use}` });
    }
  };
  const visit = (node: Node, ancestors: Node[]) => {
    if (node.type === "JSXText") check(node.value as string, node, true, "ui");
    else if (node.type === "StringLiteral") {
      const text = node.value as string;
      check(text, node, /\s/.test(text.trim()), placeOf(ancestors, node));
    } else if (node.type === "TemplateElement") {
      const text = (node.value as { cooked?: string }).cooked ?? "";
      // The template literal is the string; its place decides for every piece.
      const template = ancestors[ancestors.length - 1] as Node;
      check(text, node, /\s/.test(text.trim()), placeOf(ancestors.slice(0, -1), template));
    }
    if (node.type === "TSTypeAnnotation" || node.type === "TSTypeAliasDeclaration") return;
    if (node.type === "TSInterfaceDeclaration" || isDeveloperCall(node)) return;
    const next = [...ancestors, node];
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "leadingComments" || key === "trailingComments" || key === "extra")
        continue;
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, next);
      } else if (isNode(value)) visit(value, next);
    }
  };
  visit(ast.program as unknown as Node, []);
  return hits;
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((f) => path.posix.join(dir, f.split(path.sep).join("/")))
    .filter((f) => /\.tsx?$/.test(f) && !/\.d\.ts$/.test(f));
}

/** app/routes, app/ui, app/domain (its messages.ts and *-text.ts, and the refusals written elsewhere), the flash toasts. */
function interfaceFiles(): string[] {
  return [
    ...filesUnder("app/routes"),
    ...filesUnder("app/ui"),
    ...filesUnder("app/domain"),
    "app/lib/flash.ts",
  ]
    .filter((f) => !OTHER_LANGUAGES.has(f) && !f.includes("/+types/"))
    .sort();
}

describe("the glossary", () => {
  it("names each forbidden variant and lets the right spelling through", () => {
    expect(glossaryViolations("Propriedade do host").map((v) => v.word)).toEqual(["Imóvel"]);
    expect(glossaryViolations("Verifique seu email").map((v) => v.word)).toEqual(["E-mail"]);
    expect(glossaryViolations("Email").map((v) => v.word)).toEqual(["E-mail"]);
    expect(glossaryViolations("Pagamento via PIX").map((v) => v.word)).toEqual(["Pix"]);
    expect(glossaryViolations("Imóvel, E-mail, seu e-mail, e-mails, Pix, chave Pix")).toEqual([]);
  });

  it("reads JSX text, visible attributes, labelled values and sentences; not code", () => {
    const source = `
      import { x } from "email";
      const CODE = { billingType: "PIX", field: "email" };
      const TEXT = { label: "Email", sentence: "Pague com PIX agora", en: { hint: "Your email" } };
      const KEY_LABEL = { email: "Email", cpf: "CPF" };
      ctx.log.warn({}, "PIX charge not created");
      type T = "email sent";
      export function C() {
        return (
          <Field label="Email" name="email" type="email">
            Sua propriedade {ok ? "Email" : "x"}
            <p title={\`Chave PIX \${key}\`} />
          </Field>
        );
      }`;
    expect(scanSource("fixture.tsx", source).map((h) => `${h.line}:${h.text}`)).toEqual([
      "4:Email",
      "4:Pague com PIX agora",
      "5:Email",
      "10:Email",
      "11:Sua propriedade",
      "11:Email",
      "12:Chave PIX",
    ]);
  });

  it("is followed by every interface string of the app", () => {
    const hits = interfaceFiles().flatMap((file) =>
      scanSource(file, readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(hits.map((h) => `${h.file}:${h.line}: "${h.text}" (${h.fix})`)).toEqual([]);
  });
});
