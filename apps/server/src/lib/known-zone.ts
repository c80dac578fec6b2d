import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A stored time zone as SQL may use it: the zone itself when the database knows it, else 'UTC'. Jobs work
 * out everyone's day in one statement, and `at time zone` with a name the database's tz data lacks fails
 * the whole statement, so one person's zone could stop the job for everyone. Stored zones are canonical
 * names the runtime knows (canonicalTimeZone) and migration 0023 moved older ones to the database's
 * spelling, but the runtime's and the database's tz data can still disagree after an upgrade of either.
 * The list is read once per statement (a hashed subplan), not once per row.
 */
export const zoneKnownToDatabase = (zone: AnyColumn | SQL) =>
  sql<string>`(case when ${zone} in (select name from pg_timezone_names) then ${zone} else 'UTC' end)`;
