import { isMediaKey, mediaStorage } from "~/platform/storage/storage.server";
import type { Route } from "./+types/media";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

/**
 * Serves an uploaded image. Keys are random and never rewritten, so a response may be cached forever.
 * X-Content-Type-Options: nosniff comes from the server's security headers (set on every response; setting
 * it here too would send it twice).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isMediaKey(key)) return notFound();
  const file = await mediaStorage().get(key);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
