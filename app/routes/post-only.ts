/**
 * The `loader` of an address that only takes a POST (a download a form posts, a webhook): a GET is told
 * 405 with the method it takes, not React Router's 400 for a route without a loader.
 */
export function postOnly(): Response {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
