/**
 * `comboboxProps` for a select on a screen's first render: its list is not kept in the page while closed.
 * Mantine keeps every select's list mounted and hidden, and positions each hidden list as the page mounts:
 * a forced layout of the whole page per select, 150–300 ms of a phone's start at 4× CPU. The list mounts
 * when it opens.
 */
export const LIST_MOUNTED_WHEN_OPEN = { keepMounted: false } as const;
