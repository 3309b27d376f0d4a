/**
 * Where uploaded media live (ADR 0028). Keys are made by the server (never from a user's file name), and
 * every store answers the same: `get` of a missing key is null, `delete` of a missing key is fine.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Every stored key, for copying and backups. */
  keys(): AsyncIterable<string>;
}

// One flat namespace of lowercase names: nothing in a key can climb out of a folder or hide a file.
const KEY = /^[a-z0-9-]{1,100}\.webp$/;
export const MEDIA_CONTENT_TYPE = "image/webp";

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
}

/** Keys end in .webp and are served as image/webp: refuse anything that would be served mislabelled. */
export function assertMediaType(contentType: string): void {
  if (contentType !== MEDIA_CONTENT_TYPE) throw new Error(`unsupported media type: ${contentType}`);
}
