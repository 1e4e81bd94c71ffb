// The agent number format (decision 0028): the AGENT_NUMBER_FORMAT setting is
// literal text around one {n} (the agent_number counter's value) or {n:W}
// (the value zero-padded to W digits). Pure: the server allocates, this formats.

/** The default: six digits, like the numbers of the existing hierarchies (100001...). */
export const DEFAULT_AGENT_NUMBER_FORMAT = "{n:6}";

const FORMAT = /^([A-Za-z0-9_-]{0,10})\{n(?::(\d{1,2}))?\}([A-Za-z0-9_-]{0,10})$/;

export type AgentNumberFormat = { prefix: string; width: number; suffix: string };

/** The parsed format, or null when it is not one {n} / {n:W} with letters, digits, '-' or '_' around it. */
export function parseAgentNumberFormat(format: string): AgentNumberFormat | null {
  const m = FORMAT.exec(format.trim());
  if (!m) return null;
  const width = m[2] ? Number(m[2]) : 0;
  if (width > 18) return null;
  return { prefix: m[1], width, suffix: m[3] };
}

/** The agent number for counter value n (a positive integer). */
export function formatAgentNumber(format: string, n: bigint | number): string {
  const f = parseAgentNumberFormat(format);
  if (!f) throw new Error(`AGENT_NUMBER_FORMAT "${format}" is not valid`);
  const value = BigInt(n);
  if (value <= 0n) throw new Error("agent number counter must be positive");
  return `${f.prefix}${value.toString().padStart(f.width, "0")}${f.suffix}`;
}
