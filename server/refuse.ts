import type { Request, Response } from "express";

// How long, and how much, a refused client may go on sending after its answer before the connection is cut.
const LINGER_MS = 2_000;
const LINGER_BYTES = 1024 * 1024;

/**
 * Answers a request refused before any route ran: its status and one pt-BR sentence, as plain text. A
 * body that has not all arrived by then is not kept (see dropRestOrCut).
 */
export function refuse(res: Response, status: number, message: string): void {
  const req = res.req;
  // Checked once the answer is out: a request without a body is only complete after its headers were handled.
  res.once("finish", () => {
    if (!req.complete) dropRestOrCut(req);
  });
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/**
 * The rest of a refused body is read and dropped for a moment (at most 2 s or 1 MB): a small remainder
 * ends and the connection serves the next request; a large one is cut. Not at once: closing a connection
 * on which the client is still sending resets it, and the client may lose the answer it has not read yet
 * (RFC 9112 §9.6). Without a bound, Node would read a 300 MB body to the end to keep the connection.
 */
function dropRestOrCut(req: Request): void {
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  const stop = () => clearTimeout(timer);
  req.once("end", stop);
  req.socket.once("close", stop);
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  req.resume();
}
