import type { ForwardRefExoticComponent, ReactElement, RefAttributes } from "react";
import { createElement } from "react";

type Render<P> = { render(props: P, ref: unknown): ReactElement<P & { ref?: unknown }> };
type IconComponent<P> = ForwardRefExoticComponent<P & RefAttributes<SVGSVGElement>>;

/**
 * A lucide icon for server rendering: the `<svg>` element lucide builds for a class list and plain attributes
 * is built once and reused (a page has dozens of icons, and lucide merges classes and attributes for each
 * one on every render). Icons with children or non-text props are lucide's own. Lucide's context is not
 * provided anywhere in the app, so the element does not depend on where it is rendered. The server build
 * wraps every lucide icon with this (vite.config.ts); the browser keeps lucide's.
 */
export function serverIcon<P extends object>(icon: IconComponent<P>): IconComponent<P> {
  const built = new Map<string, ReactElement>();
  const outer = icon as unknown as Render<P>;
  function ServerIcon(props: P) {
    const key = plainKey(props);
    if (key === null) return createElement(icon, props);
    let svg = built.get(key);
    if (!svg) {
      // lucide's two render functions: the icon's (the data) and Icon's (the <svg>, reading its context).
      const element = outer.render(props, null);
      const { ref: _, ...inner } = element.props;
      svg = (element.type as unknown as Render<P>).render(inner as P, null);
      built.set(key, svg);
    }
    return svg;
  }
  ServerIcon.displayName = icon.displayName;
  return ServerIcon as unknown as IconComponent<P>;
}

/** The props as a cache key when every one is a string, number or boolean; null otherwise. */
function plainKey(props: object): string | null {
  let key = "";
  for (const [name, value] of Object.entries(props)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    key += `${name}\u0000${type}\u0000${String(value)}\u0001`;
  }
  return key;
}
