import type Sharp from "sharp";

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first image rather than at start: an instance that serves no upload or
 * poster does not carry it (issue 27's idle memory).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then((m) => m.default);
  return loaded;
}
