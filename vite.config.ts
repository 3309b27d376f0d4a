import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { guestScript } from "./scripts/vite-guest-script.ts";

/** React Router names every server entry index.js; ours must be app.js beside it. */
function serverEntryNames(): Plugin {
  return {
    name: "estadia:server-entry-names",
    enforce: "post",
    configEnvironment(name) {
      if (name !== "ssr") return;
      return {
        build: {
          rollupOptions: {
            output: { entryFileNames: (chunk) => (chunk.name === "app" ? "app.js" : "index.js") },
          },
        },
      };
    },
  };
}

const SERVER_ICON = fileURLToPath(new URL("./app/ui/server-icon.ts", import.meta.url));

/**
 * In the server build every lucide icon is wrapped by `serverIcon` (app/ui/server-icon.ts), which builds each
 * icon's <svg> once per class list instead of on every render; the browser's icons stay lucide's own.
 */
function serverIcons(): Plugin {
  return {
    name: "estadia:server-icons",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!id.replaceAll("\\", "/").endsWith("/lucide-react/dist/esm/createLucideIcon.mjs")) return null;
      const exported = "export { createLucideIcon as default };";
      if (!code.includes(exported))
        throw new Error("lucide-react changed: update serverIcons in vite.config.ts");
      return code.replace(
        exported,
        `import { serverIcon } from ${JSON.stringify(SERVER_ICON)};
export default function createServerIcon(...args) { return serverIcon(createLucideIcon(...args)); }`,
      );
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    // The server build gets two entries: React Router's own (index.js, kept so prerender keeps working)
    // and our Express app (app.js), which server.js imports.
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "virtual:react-router/server-build", app: "./server/app.ts" },
        },
      },
    },
  },
  ssr: {
    // Bundling these cut idle server memory roughly in half (~248 MB to ~100 MB on Node 24, measured here).
    noExternal: ["drizzle-orm", "better-auth", /^@better-auth\//, "lucide-react", "radix-ui", /^@radix-ui\//],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    serverEntryNames(),
    serverIcons(),
    guestScript("app/routes/shop/guest-page.client.ts"),
  ],
});
