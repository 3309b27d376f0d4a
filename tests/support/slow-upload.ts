import http from "node:http";

const SERVER_CLOSE_WAIT_MS = 5_000;

export type UploadOutcome = {
  /** The answer's status and text; status 0 when none came. */
  status: number;
  body: string;
  /** Bytes written when the answer's headers arrived (null: no answer while still sending). */
  sentWhenAnswered: number | null;
  /** Bytes written in all. */
  sent: number;
  /** Whether the server closed the connection before the whole body was sent (not waiting for the rest). */
  cutOff: boolean;
};

/**
 * POSTs `totalBytes` with chunked transfer encoding (no Content-Length), one chunk at a time as the
 * connection takes them, and stops sending as soon as the server answers: what a client with a huge
 * upload sees of a server that does, or does not, stop reading.
 */
export function chunkedUpload(
  url: string,
  options: { totalBytes: number; chunkBytes?: number; headers?: Record<string, string> },
): Promise<UploadOutcome> {
  const chunk = Buffer.alloc(options.chunkBytes ?? 16 * 1024, "a");
  return new Promise((resolve) => {
    const outcome: UploadOutcome = {
      status: 0,
      body: "",
      sentWhenAnswered: null,
      sent: 0,
      cutOff: false,
    };
    const req = http.request(url, { method: "POST", headers: options.headers ?? {} });
    // A server that stops reading may reset the connection under a write: that is the point, not a failure.
    req.on("error", () => {});
    let stoppedByUs = false;
    req.on("close", () => {
      outcome.cutOff = !req.writableEnded && !stoppedByUs;
      resolve(outcome);
    });
    req.on("response", (res) => {
      outcome.status = res.statusCode ?? 0;
      outcome.sentWhenAnswered = outcome.sent;
      res.setEncoding("utf8");
      res.on("data", (text: string) => {
        outcome.body += text;
      });
      res.on("error", () => {});
      // Sending stops with the answer: a server that cut the upload off closes the connection soon after,
      // one that wants the rest would wait for it. Give up on it after a few seconds.
      res.on("end", () => {
        setTimeout(() => {
          if (req.destroyed) return;
          stoppedByUs = true;
          req.destroy();
        }, SERVER_CLOSE_WAIT_MS).unref();
      });
    });
    // One chunk per turn of the event loop, so an answer is noticed as soon as it arrives.
    const pump = () => {
      if (outcome.sentWhenAnswered !== null || req.destroyed) return;
      if (outcome.sent >= options.totalBytes) {
        req.end();
        return;
      }
      outcome.sent += chunk.length;
      if (req.write(chunk)) setImmediate(pump);
      else req.once("drain", pump);
    };
    pump();
  });
}
