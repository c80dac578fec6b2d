import { CATEGORIES } from '@tally/shared';

export type CategorySelectGroup = { group: string; items: { value: string; label: string }[] };

/** The category select, grouped as SPEC §2 lists them; code 99 ('Other') sits under Uncategorized. */
export function categorySelectData(): CategorySelectGroup[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const c of CATEGORIES) {
    const group = c.group === 'Other' ? 'Uncategorized' : c.group;
    const items = groups.get(group) ?? [];
    items.push({ value: String(c.code), label: c.label });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
