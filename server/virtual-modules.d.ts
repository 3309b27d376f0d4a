declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}

declare module "virtual:estadia/guest-script" {
  import type { GuestScript } from "../scripts/vite-guest-script";

  const script: GuestScript;
  export default script;
}
