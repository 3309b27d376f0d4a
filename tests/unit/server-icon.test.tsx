import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serverIcon } from "~/ui/server-icon";

type Icon = typeof lucide.House;
const icons = lucide as unknown as Record<string, Icon>;

/** Every lucide icon the app imports, by name. */
function iconsOfTheApp(): string[] {
  const names = new Set<string>();
  const root = path.resolve(import.meta.dirname, "../../app");
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(root, file), "utf8");
    for (const [, list] of source.matchAll(/import \{([^}]*)\} from "lucide-react"/g))
      for (const name of (list ?? "").split(",")) if (name.trim()) names.add(name.trim());
  }
  return [...names];
}

const html = (Icon: Icon, props: Record<string, unknown>) => renderToString(<Icon {...props} />);

describe("server icons", () => {
  const names = iconsOfTheApp();

  it("write lucide's markup for every icon of the app, the first time and from what they kept", () => {
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) {
      const icon = icons[name];
      if (!icon) throw new Error(`${name} is not a lucide icon`);
      const wrapped = serverIcon(icon);
      for (const props of [
        { className: "size-5 shrink-0", "aria-hidden": "true" },
        { className: "size-4" },
        { className: "size-4 text-danger" },
        { "aria-label": "Fechar", strokeWidth: 1.5, size: 20 },
        { "aria-hidden": "true", className: "size-5 shrink-0" },
      ]) {
        const expected = html(icon, props);
        expect(html(wrapped, props), name).toBe(expected);
        expect(html(wrapped, props), name).toBe(expected);
      }
    }
  });

  it("leave to lucide an icon with children or props that are not text", () => {
    const wrapped = serverIcon(lucide.X);
    const titled = { children: <title>Fechar</title>, className: "size-4" };
    expect(html(wrapped, titled)).toBe(html(lucide.X, titled));
    const styled = { style: { color: "red" } };
    expect(html(wrapped, styled)).toBe(html(lucide.X, styled));
  });
});
