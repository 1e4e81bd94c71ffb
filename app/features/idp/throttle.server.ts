// Progressive delays for password checks of the built-in provider, per
// account (the email typed, known or not) and per source address, instead of
// a lock an attacker could trigger. Each key counts failures in
// IdpSignInThrottle; the count halves every `halfLifeMinutes` of quiet. Once
// a key has `free` failures, the next attempt must wait `baseSeconds`,
// doubling with every further failure up to `capSeconds`; an attempt made
// sooner is refused without looking at the password. So the real owner gets
// in at most `capSeconds` after an attacker's last failure.
//
// An attempt is reserved before the password is checked (counted as a
// failure under an advisory lock per key, and taken back on success), so a
// burst of parallel guesses cannot slip through before the first failures
// are written.
import { prisma } from "~/lib/db.server";

export type DelayRule = {
  /** Failures without any delay. */
  free: number;
  /** Delay after the `free`-th failure; doubles with each further one. */
  baseSeconds: number;
  capSeconds: number;
};

export type SignInLimits = {
  account: DelayRule;
  address: DelayRule;
  /** The failure count halves after this many minutes without failures. */
  halfLifeMinutes: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  account: { free: 5, baseSeconds: 1, capSeconds: 30 },
  address: { free: 20, baseSeconds: 1, capSeconds: 30 },
  halfLifeMinutes: 15,
};

/** The wait a key imposes after `failures` failures (0 below the free allowance). */
export function delaySeconds(failures: number, rule: DelayRule): number {
  const n = Math.round(failures); // a count decays continuously: 7.98 is 8 failures
  if (n < rule.free) return 0;
  return Math.min(rule.capSeconds, rule.baseSeconds * 2 ** Math.min(n - rule.free, 30));
}

/** The failure count `failures` recorded at `last`, decayed until `now`. */
export function decayed(failures: number, last: Date, now: Date, halfLifeMinutes: number): number {
  const minutes = Math.max(0, now.getTime() - last.getTime()) / 60_000;
  return failures * 0.5 ** (minutes / Math.max(halfLifeMinutes, 1e-6));
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

type Key = { key: string; rule: DelayRule };

function keysFor(email: string, ip: string | null | undefined, limits: SignInLimits): Key[] {
  const keys: Key[] = [{ key: accountKey(email), rule: limits.account }];
  if (ip) keys.push({ key: addressKey(ip), rule: limits.address });
  return keys.sort((a, b) => (a.key < b.key ? -1 : 1));
}

export type Reservation = { ok: true; keys: string[] } | { ok: false; retryAfterSeconds: number };

/**
 * Asks to check one password for `email` from `ip`. Refused with the seconds
 * to wait while a key's delay runs; otherwise the attempt is counted as a
 * failure now (call `attemptSucceeded` when the password was right).
 */
export async function reserveAttempt(email: string, ip: string | null | undefined, limits: SignInLimits): Promise<Reservation> {
  const keys = keysFor(email, ip, limits);
  return prisma.$transaction(async (tx) => {
    for (const k of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idp-throttle:${k.key}`}))`;
    const rows = await tx.idpSignInThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
    const now = new Date();
    let wait = 0;
    for (const k of keys) {
      const row = rows.find((r) => r.key === k.key);
      if (!row) continue;
      // The delay runs from the last failure, sized by the count as it was then.
      const until = row.lastFailureAt.getTime() + delaySeconds(row.failures, k.rule) * 1000;
      wait = Math.max(wait, until - now.getTime());
    }
    if (wait > 0) return { ok: false as const, retryAfterSeconds: Math.ceil(wait / 1000) };
    for (const k of keys) {
      const row = rows.find((r) => r.key === k.key);
      const failures = (row ? decayed(row.failures, row.lastFailureAt, now, limits.halfLifeMinutes) : 0) + 1;
      await tx.idpSignInThrottle.upsert({
        where: { key: k.key },
        create: { key: k.key, failures, lastFailureAt: now },
        update: { failures, lastFailureAt: now },
      });
    }
    return { ok: true as const, keys: keys.map((k) => k.key) };
  });
}

/** The reserved attempt was a success: it does not count as a failure. */
export async function attemptSucceeded(reservation: { keys: string[] }): Promise<void> {
  await prisma.$executeRaw`
    UPDATE idp_sign_in_throttles SET failures = GREATEST(failures - 1, 0)
     WHERE key = ANY(${reservation.keys}::text[])`;
}

/** Forgets keys quiet for a day (their count has decayed to nothing). */
export async function purgeQuietThrottles(): Promise<number> {
  return prisma.idpSignInThrottle.deleteMany({ where: { lastFailureAt: { lt: new Date(Date.now() - 24 * 60 * 60_000) } } }).then((r) => r.count);
}
