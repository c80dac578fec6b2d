import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type { SessionDevice } from '@tally/shared';
import Bowser from 'bowser';
import { and, desc, eq, sql } from 'drizzle-orm';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { revokeSessions, sessionIsLive } from '../../lib/auth';
import { notFound } from '../../lib/errors';

/**
 * A person's signed-in devices: every live session, with the browser and system its User-Agent names and
 * the country its address is in (a CC0 country database, read from disk the first time a list or a new-device
 * notice needs it and let go when unused for ten minutes, so a server nobody signs in to does not hold it).
 */

const COUNTRY_DB = createRequire(import.meta.url).resolve(
  '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
);
const RELEASE_AFTER_MS = 10 * 60_000;
/** The database's records hold a country code only (it is not MaxMind's own shape). */
type CountryRecord = { country_code?: string };
let countries: Promise<Reader<CountryResponse>> | null = null;
let release: NodeJS.Timeout | undefined;

function countryReader(): Promise<Reader<CountryResponse>> {
  countries ??= maxmind
    .open<CountryResponse>(COUNTRY_DB, { cache: { max: 1000 } })
    .catch((error: unknown) => {
      countries = null;
      throw error;
    });
  clearTimeout(release);
  release = setTimeout(() => {
    countries = null;
  }, RELEASE_AFTER_MS).unref();
  return countries;
}

/** Addresses that say nothing of a place: this machine, a home or office network, a carrier's shared range. */
const local = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  local.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  local.addSubnet(net, prefix, 'ipv6');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Germany", "Local network", or null when the address is unknown or in no country the database knows. */
export async function placeOf(ip: string | null): Promise<string | null> {
  if (!ip) return null;
  const bare = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(bare);
  if (family === 0) return null;
  if (local.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return 'Local network';
  try {
    const record = (await countryReader()).get(bare) as CountryRecord | null;
    const code = record?.country_code;
    return code ? (regionNames.of(code) ?? code) : null;
  } catch {
    return null;
  }
}

/** The browser, its system and the kind of device, as far as the User-Agent says. */
export function describeDevice(
  userAgent: string | null,
): Pick<SessionDevice, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: parsed.browser.name ?? null,
    os: parsed.os.name ?? null,
    deviceType: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
  };
}

/** The person's live sessions, the one asking first, then the most recently seen. */
export async function listSessions(
  db: Db,
  { userId, currentSessionId, now }: { userId: string; currentSessionId: string; now: Date },
): Promise<SessionDevice[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sessionIsLive(now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  const devices = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      ip: row.ip,
      place: await placeOf(row.ip),
      firstSeenAt: row.createdAt.toISOString(),
      lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
      current: row.id === currentSessionId,
    })),
  );
  return devices.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the person's sessions out; someone else's, or one already over, is not found. */
export async function signOutSession(
  db: Db,
  { userId, sessionId, now }: { userId: string; sessionId: string; now: Date },
) {
  const [live] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), sessionIsLive(now)));
  if (!live) throw notFound('That device is not signed in.');
  await revokeSessions(db, { userId, sessionId, now });
}

/** Every session of the person but the one asking; how many were signed out. */
export const signOutOthers = (
  db: Db,
  { userId, currentSessionId, now }: { userId: string; currentSessionId: string; now: Date },
) => revokeSessions(db, { userId, keep: currentSessionId, now });
