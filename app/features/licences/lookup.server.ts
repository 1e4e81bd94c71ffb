// The licence lookup (issue 23 item 6): where a carrier with NIPR access (or a file NIPR sent it)
// plugs in. The foundation only fixes the interface; the implementations (an uploaded file, an HTTP
// service at a configured URL) and the setting that chooses one come with the lookup's own work.
import type { LicenceInput } from "./schema";

/** What a lookup found for one NPN: its licences as the licence form's parsed values. */
export type LookupResult = { npn: string; licences: LicenceInput[] };

export interface LicenceLookup {
  /** A name for screens and the audit ('file', 'http'). */
  readonly name: string;
  /** The licences of `npn`; an empty list when the source knows none; throws when the source cannot answer. */
  lookup(npn: string): Promise<LookupResult>;
}

/** The configured lookup, or null when none is configured (the screens then offer no 'Look up' button). */
export function licenceLookup(): LicenceLookup | null {
  return null;
}
