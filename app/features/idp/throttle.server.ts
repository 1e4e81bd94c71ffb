// Progressive delays for password checks of the built-in provider, instead
// of a lock an attacker could trigger (issue 18 item 7, decision 0036). Two
// keys count failures in IdpSignInThrottle:
//   - the account (the email typed, known or not) AND the source address
//     together: guesses at a chosen account from one address slow down that
//     address's tries at that account only, never its owner elsewhere;
//   - the source address, with a higher ceiling: a spray of guesses at many
//     accounts from one address slows down that address; it does not hold back
//     an account that signed in successfully from that address within
//     KNOWN_PAIR_DAYS (a colleague behind the same proxy or NAT), whose own
//     pair key still counts its failures.
// A key's count halves every `halfLifeMinutes` of quiet. Once it has `free`
// failures, the next attempt must wait `baseSeconds`, doubling with every
// further failure up to `capSeconds`; an attempt made sooner is refused
// without looking at the password. So the correct password of an account
// that is not under attack from the address it is typed at is never refused
// (only a first sign-in from an address that is spraying waits out the
// address's delay).
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
  /** Failures at one account from one address (the email typed and the source address together). */
  account: DelayRule;
  /** Failures from one address at any account: a higher ceiling (a whole office may share it). */
  address: DelayRule;
  /** The failure count halves after this many minutes without failures. */
  halfLifeMinutes: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  account: { free: 5, baseSeconds: 1, capSeconds: 30 },
  address: { free: 30, baseSeconds: 1, capSeconds: 30 },
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

/** How long a successful sign-in from an address exempts that account from the address's delay. */
export const KNOWN_PAIR_DAYS = 30;

const email = (value: string) => value.trim().toLowerCase();
export const accountAtAddressKey = (account: string, ip: string | null | undefined) => `account:${email(account)}|${ip ?? ""}`;
export const addressKey = (ip: string) => `address:${ip}`;
/** Written on a successful sign-in (lastFailureAt is then the time of that success). */
export const knownPairKey = (account: string, ip: string) => `known:${email(account)}|${ip}`;

type Key = { key: string; rule: DelayRule; /** Counted, but no reason to refuse. */ countOnly?: boolean };

export type Reservation = { ok: true; keys: string[]; known?: string } | { ok: false; retryAfterSeconds: number };

/**
 * Asks to check one password for `email` from `ip`. Refused with the seconds
 * to wait while a key's delay runs; otherwise the attempt is counted as a
 * failure now (call `attemptSucceeded` when the password was right).
 */
export async function reserveAttempt(account: string, ip: string | null | undefined, limits: SignInLimits): Promise<Reservation> {
  const keys: Key[] = [{ key: accountAtAddressKey(account, ip), rule: limits.account }];
  if (ip) keys.push({ key: addressKey(ip), rule: limits.address });
  keys.sort((a, b) => (a.key < b.key ? -1 : 1));
  const known = ip ? knownPairKey(account, ip) : undefined;
  return prisma.$transaction(async (tx) => {
    for (const k of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idp-throttle:${k.key}`}))`;
    const rows = await tx.idpSignInThrottle.findMany({ where: { key: { in: [...keys.map((k) => k.key), ...(known ? [known] : [])] } } });
    const now = new Date();
    // This account signed in from this address lately: the address's delay does not hold it back.
    const knownRow = known ? rows.find((r) => r.key === known) : undefined;
    if (knownRow && now.getTime() - knownRow.lastFailureAt.getTime() < KNOWN_PAIR_DAYS * 24 * 60 * 60_000) {
      for (const k of keys) if (k.key.startsWith("address:")) k.countOnly = true;
    }
    let wait = 0;
    for (const k of keys) {
      const row = rows.find((r) => r.key === k.key);
      if (!row || k.countOnly) continue;
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
    return { ok: true as const, keys: keys.map((k) => k.key), known };
  });
}

/**
 * The reserved attempt was a success: it does not count as a failure, and
 * the account is known at this address from now on (KNOWN_PAIR_DAYS).
 */
export async function attemptSucceeded(reservation: { keys: string[]; known?: string }): Promise<void> {
  await prisma.$executeRaw`
    UPDATE idp_sign_in_throttles SET failures = GREATEST(failures - 1, 0)
     WHERE key = ANY(${reservation.keys}::text[])`;
  if (reservation.known) {
    const now = new Date();
    await prisma.idpSignInThrottle.upsert({
      where: { key: reservation.known },
      create: { key: reservation.known, failures: 0, lastFailureAt: now },
      update: { lastFailureAt: now },
    });
  }
}

/** Forgets failure keys quiet for a day (their count has decayed to nothing) and sign-ins older than KNOWN_PAIR_DAYS. */
export async function purgeQuietThrottles(): Promise<number> {
  const now = Date.now();
  return prisma.idpSignInThrottle
    .deleteMany({
      where: {
        OR: [
          { key: { not: { startsWith: "known:" } }, lastFailureAt: { lt: new Date(now - 24 * 60 * 60_000) } },
          { key: { startsWith: "known:" }, lastFailureAt: { lt: new Date(now - KNOWN_PAIR_DAYS * 24 * 60 * 60_000) } },
        ],
      },
    })
    .then((r) => r.count);
}
