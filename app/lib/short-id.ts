/** First 8 characters of an id (how the UI shows uuids); shorter ids are returned whole. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
