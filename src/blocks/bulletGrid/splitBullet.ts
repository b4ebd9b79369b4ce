/**
 * "Live tracking: buses on a map" -> { lead: "Live tracking", rest: ": buses on a map" }.
 * Only the first colon splits; no colon, or a colon at the very start, means no bold lead.
 */
export function splitBullet(text: string): { lead: string; rest: string } {
  const at = text.indexOf(':');
  if (at <= 0) return { lead: '', rest: text };
  return { lead: text.slice(0, at), rest: text.slice(at) };
}
