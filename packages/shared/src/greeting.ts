/** 'Good morning' before 12, 'Good afternoon' before 17, else 'Good evening' (local hour 0-23). */
export function greetingForHour(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The name to greet: first name, else the email's local part, else 'there'. */
export function displayName(
  user: { firstName?: string | null; email?: string | null } | null | undefined,
): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'there';
}
