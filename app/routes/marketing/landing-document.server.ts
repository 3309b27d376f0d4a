// The landing pages' document, lightened for the first paint (docs/decisions/0011-landing-pages.md,
// "2026-11-23: first paint before hydration"). Applied by entry.server.tsx to a landing page's whole HTML,
// live and prerendered alike. Each step leaves the page as it was when its pattern is not found.
import css from "~/app.css?inline";

export function lightenLandingDocument(html: string): string {
  return deferHydration(inlineStylesheet(html));
}

/**
 * The built stylesheet goes into the page instead of being a request that blocks the first paint (root.tsx
 * leaves its `<link>` out on landing pages; React skips this extra `<style>` in the head when it hydrates).
 */
function inlineStylesheet(html: string): string {
  const head = html.indexOf("</head>");
  if (head < 0) return html;
  // Right after the charset and viewport, before anything that could be painted.
  const at = html.indexOf("<title>");
  const where = at >= 0 && at < head ? at : head;
  return `${html.slice(0, where)}<style>${css.replaceAll("</style", "<\\/style")}</style>${html.slice(where)}`;
}

/**
 * What the module script waits for before it imports the app: the visitor's first sign of life (a touch,
 * a key, the pointer, a scroll, focus). Until then the page is complete HTML: links, anchors and the lead
 * form work without it. A button pressed before React is ready is pressed again once it is (the first tap
 * on the menu or a question opens it, a moment later).
 */
const WAIT_FOR_VISITOR = `await new Promise((go) => {
  const signs = ["pointerdown", "touchstart", "keydown", "mousemove", "wheel", "scroll", "focusin"];
  const start = () => { for (const sign of signs) removeEventListener(sign, start, true); go(); };
  for (const sign of signs) addEventListener(sign, start, { capture: true, passive: true });
});
let pressed = null;
const remember = (event) => { pressed = event.target.closest?.("button:not([type=submit])") ?? pressed; };
addEventListener("click", remember, true);
let waited = 0;
const replay = () => {
  const ready = !pressed || Object.keys(pressed).some((key) => key.startsWith("__reactProps"));
  if (!ready && ++waited < 100) return setTimeout(replay, 50);
  removeEventListener("click", remember, true);
  if (ready) pressed?.click();
};`;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
const ROUTER_MODULE_SCRIPT = /(<script\b[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"]+");?\s*$/gm;
const ENTRY_IMPORT = /^(import\("[^"]+"\));?\s*$/m;

/**
 * React Router's module script imports the route modules statically and its links preload about 100 KB
 * (gzip) of JavaScript at high priority, which competed with the first paint; evaluating it and hydrating
 * then blocked the main thread for up to half a second on a throttled phone. Here the preloads go, and the
 * same script waits for the visitor (above), then imports the same modules in parallel and hydrates.
 */
function deferHydration(html: string): string {
  const match = ROUTER_MODULE_SCRIPT.exec(html);
  if (!match) return html;
  const [whole, open = "", body = "", close = ""] = match;
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name, source]) => ({ name, source }));
  if (imports.length === 0 || !ENTRY_IMPORT.test(body)) return html;
  const rest = body.replace(STATIC_IMPORT, "").replace(ENTRY_IMPORT, "$1.then(replay);");
  const names = imports.map(({ name }, i) => name ?? `_sideEffect${i}`).join(", ");
  const sources = imports.map(({ source }) => `import(${source})`).join(", ");
  const deferred = [WAIT_FOR_VISITOR, `const [${names}] = await Promise.all([${sources}]);`, rest].join("\n");
  return html.replace(MODULE_PRELOAD, "").replace(whole, () => `${open}${deferred}${close}`);
}
