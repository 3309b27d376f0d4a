import { mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@react-router/dev/config";

/** The landing pages, rendered to HTML at build time (docs/decisions/0011-landing-pages.md). */
const PRERENDERED = ["/", "/en", "/es", "/v2"];

/**
 * React Router writes prerendered pages into build/client, which Express serves as plain files: there
 * they would go out without the request's CSP nonce (so they would not hydrate), and `/en` would be
 * redirected to `/en/` by the static middleware. They are moved to build/prerendered instead, where
 * only code that swaps in the nonce should serve them; until then every request is rendered live.
 */
async function movePrerenderedPages(buildDirectory: string) {
  const client = path.join(buildDirectory, "client");
  const target = path.join(buildDirectory, "prerendered");
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  for (const file of await readdir(client)) {
    if (file.endsWith(".data")) await rename(path.join(client, file), path.join(target, file));
  }
  for (const page of PRERENDERED) {
    const html = path.join(page, "index.html");
    await mkdir(path.join(target, page), { recursive: true });
    await rename(path.join(client, html), path.join(target, html));
    if (page !== "/") await rmdir(path.join(client, page));
  }
}

export default {
  ssr: true,
  prerender: PRERENDERED,
  async buildEnd({ reactRouterConfig }) {
    await movePrerenderedPages(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
