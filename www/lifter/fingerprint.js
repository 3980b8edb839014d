/** A short fingerprint of a map's text (custom maps are kept by name and content). */
export function fingerprint(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
