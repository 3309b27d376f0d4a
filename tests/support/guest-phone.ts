/**
 * A guest's phone talking to a running app over HTTP: its own client address (sent in the header the test
 * server trusts) and, once the server gives one, its device cookie. No JavaScript: plain requests.
 */
export function guestPhone(baseUrl: string, ip: string) {
  let cookie = "";
  const request = async (path: string, form?: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": ip,
        ...(cookie ? { cookie } : {}),
        ...(form ? { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("estadia_device="));
    if (set) cookie = set.split(";")[0] ?? "";
    return {
      status: res.status,
      headers: res.headers,
      location: res.headers.get("location"),
      set,
      body: await res.text(),
    };
  };
  /** A call of the guest script: POST /api/cart, its JSON answer parsed. */
  const cart = async (form: Record<string, string>) => {
    const res = await request("/api/cart", form);
    return { ...res, json: JSON.parse(res.body) };
  };
  return { request, cart };
}

export type GuestPhone = ReturnType<typeof guestPhone>;
