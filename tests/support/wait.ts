// Polls until a condition holds (a value that is not undefined/false), or
// fails naming what it waited for (and the check's last error, if it threw).
// A throwing check counts as 'not yet'.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const value = await fn().catch((error: unknown) => {
      last = error;
      return undefined;
    });
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await sleep(everyMs);
  }
}
