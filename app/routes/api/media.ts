import { maySee, mediaAudience } from "~/domain/damages/damage-photo-access.server";
import { readSession } from "~/platform/auth/session.server";
import { database } from "~/platform/db/database.server";
import { isMediaKey, mediaStorage } from "~/platform/storage/storage.server";
import type { Route } from "./+types/media";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

/**
 * Serves an uploaded image. Keys are random and never rewritten, so a public one (a product's photo) may
 * be cached forever. A damage photo is served only to its organization's members, never kept by a shared
 * cache; anyone else gets the same 404 as for a key that does not exist (ADR 0051).
 * X-Content-Type-Options: nosniff comes from the server's security headers (set on every response; setting
 * it here too would send it twice).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isMediaKey(key)) return notFound();
  const audience = await mediaAudience((await database()).db, key);
  if (audience.kind !== "public" && !maySee(audience, await readSession(request))) return notFound();
  const file = await mediaStorage().get(key);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control":
        audience.kind === "public" ? "public, max-age=31536000, immutable" : "private, no-store",
    },
  });
}
