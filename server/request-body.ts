import type { Request, RequestHandler } from "express";
import type { BodyRule } from "./body-limits";
import { refuse } from "./refuse";

export const BODY_TEXT = {
  tooLarge: (maxBytes: number) => `Envio grande demais: o limite aqui é de ${size(maxBytes)}.`,
  formOnly: "Envio recusado: este endereço recebe apenas formulários.",
  jsonOnly: "Envio recusado: este endereço recebe apenas JSON.",
  unreadable: "Envio inválido: o conteúdo enviado não pôde ser lido.",
  nul: "Envio inválido: o texto enviado contém um caractere não permitido.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads every request body here, before any route, and hands it on in `req.body` (a Buffer) only when it
 * is what the URL accepts (`ruleFor`): within its size, counted as the bytes arrive, declared or chunked;
 * of its kind; readable; and without NUL characters, which PostgreSQL refuses in text. Anything else is
 * answered at once with a 4xx and a pt-BR sentence, and a body over the limit is not read any further.
 * (React Router would otherwise read the whole body for an action, however large, and a form that cannot
 * be parsed would be a server error.)
 */
export function requestBody(ruleFor: (path: string) => BodyRule): RequestHandler {
  return (req, res, next) => {
    const sent = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;
    const usesBody = req.method !== "GET" && req.method !== "HEAD";
    if (!sent && !usesBody) return next();
    const rule = ruleFor(req.path);
    if (Number(req.headers["content-length"]) > rule.maxBytes) {
      return refuse(res, 413, BODY_TEXT.tooLarge(rule.maxBytes));
    }
    const read = sent ? readUpTo(req, rule.maxBytes) : Promise.resolve(Buffer.alloc(0));
    read
      .then(async (body) => {
        if (body === "aborted") return;
        if (body === "too-large") return refuse(res, 413, BODY_TEXT.tooLarge(rule.maxBytes));
        // A GET's body (there should be none) is read within the limit and dropped.
        if (usesBody) {
          const problem = await check(req, body, rule);
          if (problem) return refuse(res, problem.status, problem.message);
          req.body = body;
        }
        next();
      })
      .catch(next);
  };
}

/** The whole body, or "too-large" as soon as more than `max` bytes arrived (nothing more is read). */
function readUpTo(req: Request, max: number): Promise<Buffer<ArrayBuffer> | "too-large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer<ArrayBuffer> | "too-large" | "aborted") => {
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("close", onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else {
        req.pause();
        finish("too-large");
      }
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onAbort = () => finish("aborted");
    req.on("data", onData).once("end", onEnd).once("error", onAbort).once("close", onAbort);
  });
}

type Problem = { status: number; message: string };

async function check(req: Request, body: Buffer<ArrayBuffer>, rule: BodyRule): Promise<Problem | undefined> {
  const type = req.headers["content-type"];
  const mediaType = type?.split(";")[0]?.trim().toLowerCase();
  if (rule.kind === "form") {
    if (!type && body.length === 0) {
      // A post with nothing in it is an empty form (an action reading it must not fail).
      req.headers["content-type"] = FORM_TYPES[0];
      return undefined;
    }
    if (!mediaType || !FORM_TYPES.includes(mediaType)) return { status: 415, message: BODY_TEXT.formOnly };
    return mediaType === FORM_TYPES[0] ? urlEncodedProblem(body) : formProblem(body, type ?? "");
  }
  if (rule.kind === "json" && body.length > 0) {
    if (!mediaType || !/^application\/([\w.+-]+\+)?json$/.test(mediaType)) {
      return { status: 415, message: BODY_TEXT.jsonOnly };
    }
    return jsonProblem(body);
  }
  return undefined;
}

/** A url-encoded form (any form without a file), read as the fetch API reads it, without a FormData. */
function urlEncodedProblem(body: Buffer): Problem | undefined {
  for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
    if (name.includes("\0") || value.includes("\0")) return { status: 400, message: BODY_TEXT.nul };
  }
  return undefined;
}

async function formProblem(body: Buffer<ArrayBuffer>, type: string): Promise<Problem | undefined> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    return { status: 400, message: BODY_TEXT.unreadable };
  }
  for (const [name, value] of form) {
    // A file's bytes may hold anything; its name and every text field are text.
    const text = typeof value === "string" ? value : value.name;
    if (name.includes("\0") || text.includes("\0")) return { status: 400, message: BODY_TEXT.nul };
  }
  return undefined;
}

function jsonProblem(body: Buffer): Problem | undefined {
  let nul = false;
  try {
    JSON.parse(body.toString("utf8"), (key, value) => {
      if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) nul = true;
      return value;
    });
  } catch {
    return { status: 400, message: BODY_TEXT.unreadable };
  }
  return nul ? { status: 400, message: BODY_TEXT.nul } : undefined;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
