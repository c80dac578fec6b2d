const PALETTE = ['blue', 'indigo', 'violet', 'grape', 'cyan', 'teal', 'orange'] as const;

/** A bank keeps the same colour everywhere it appears (picker, card), derived from its name. */
export function institutionColor(name: string): (typeof PALETTE)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? 'blue';
}
