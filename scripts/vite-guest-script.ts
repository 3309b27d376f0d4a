import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const VIRTUAL = "virtual:estadia/guest-script";
const RESOLVED = `\0${VIRTUAL}`;

export type GuestScript = { src: string; preloads: string[] };

/**
 * Builds the guest pages' script (a plain module, no React on the phone; docs/decisions/0014) as its own
 * entry of the client build, and tells the server build where it landed through `virtual:estadia/guest-script`.
 * The client build runs first, so its file names are known when the server build asks. In dev, Vite serves
 * the source file itself.
 */
export function guestScript(entry: string): Plugin {
  let serving = false;
  let built: GuestScript | undefined;
  return {
    name: "estadia:guest-script",
    configResolved(config) {
      serving = config.command === "serve";
    },
    buildStart() {
      if (!serving && this.environment.name === "client")
        this.emitFile({ type: "chunk", id: entry, name: "guest" });
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunk = Object.values(bundle).find(
        (c): c is OutputChunk => c.type === "chunk" && Boolean(c.facadeModuleId?.endsWith(entry)),
      );
      if (!chunk) throw new Error(`${entry} is missing from the client build`);
      built = { src: `/${chunk.fileName}`, preloads: staticImports(bundle, chunk).map((f) => `/${f}`) };
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return;
      const script: GuestScript | undefined = serving ? { src: `/${entry}`, preloads: [] } : built;
      if (!script) throw new Error(`${VIRTUAL} is only for the server build, after the client build`);
      return `export default ${JSON.stringify(script)};`;
    },
  };
}

/** Every chunk the entry imports, directly or not, so the page can fetch them all at once. */
function staticImports(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (c: OutputChunk) => {
    for (const file of c.imports) {
      const next = bundle[file];
      if (seen.has(file) || next?.type !== "chunk") continue;
      seen.add(file);
      visit(next);
    }
  };
  visit(chunk);
  return [...seen];
}
