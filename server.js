// The HTTP entry point: `npm start` (production build) or `npm run dev` (Vite in middleware mode).
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

let devServer;
let serverModule;
if (dev) {
  const { createServer } = await import("vite");
  devServer = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  serverModule = await devServer.ssrLoadModule("./server/app.ts");
} else {
  serverModule = await import("./build/server/app.js");
}

let booted;
try {
  booted = await serverModule.boot({ devServer });
} catch (err) {
  if (err?.isStartupError) {
    console.error(`Estadia did not start.\n${err.message}`);
    await devServer?.close();
    process.exit(1);
  }
  throw err;
}

const server = booted.app.listen(booted.port, (err) => {
  if (err) {
    console.error(`Estadia did not start: ${err.message}`);
    process.exit(1);
  }
  booted.log.info({ port: booted.port, url: booted.appUrl }, "listening");
  if (booted.banner) console.log(booted.banner);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  booted.log.info({ signal }, "stopping");
  // Let requests in flight finish, but do not wait on idle keep-alive sockets.
  server.close();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  force.unref();
  await new Promise((resolve) => server.once("close", resolve));
  await booted.shutdown();
  await devServer?.close();
  process.exit(0);
}
process.once("SIGTERM", () => stop("SIGTERM"));
process.once("SIGINT", () => stop("SIGINT"));
