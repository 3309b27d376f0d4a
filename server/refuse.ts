import type { Request, Response } from "express";

// After a refusal: what is still read (a form's small remainder, so the connection serves the next
// request), and how long the connection stays open for the client to read the answer.
const DRAIN_BYTES = 64 * 1024;
const LINGER_MS = 2_000;

/**
 * Answers a request refused before any route ran: its status and one pt-BR sentence, as plain text. A
 * body that has not all arrived by then is not kept (see drainOrClose).
 */
export function refuse(res: Response, status: number, message: string): void {
  const req = res.req;
  // Checked once the answer is out: a request without a body is only complete after its headers were handled.
  res.once("finish", () => {
    if (!req.complete) drainOrClose(req);
  });
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/**
 * The rest of a refused body: a small remainder is read and dropped, and the connection serves the next
 * request; past 64 KB nothing more is read, and the connection is closed 2 s later. Not at once: closing a
 * connection on which the client is still sending resets it, and the client may lose the answer it has
 * not read yet (RFC 9112 §9.6). Unbounded, Node would read a 300 MB body to the end to keep the connection.
 */
function drainOrClose(req: Request): void {
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
  const stop = () => clearTimeout(timer);
  req.once("end", stop);
  req.socket.once("close", stop);
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) req.pause();
  });
  req.resume();
}
