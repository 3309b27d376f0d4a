// `npm start`: builds first when the build is missing or older than the sources, then serves it.
import { buildIfStale } from "./build-freshness.js";

buildIfStale();
await import("../server.js");
