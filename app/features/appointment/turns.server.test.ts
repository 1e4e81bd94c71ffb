// Writes of one application take turns; other applications do not wait; a
// write that finds too many before it is refused ('try again').
import { describe, expect, test } from "vitest";
import { MAX_WAITING, TurnRefused, oneAtATime } from "./turns.server";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("one write at a time per application", () => {
  test("writes of one application run one after the other, in order, even when one fails", async () => {
    const log: string[] = [];
    const write = (id: number, name: string, fail = false) =>
      oneAtATime(id, async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([write(1, "a"), write(1, "b", true), write(1, "c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });

  test("another application does not wait", async () => {
    const log: string[] = [];
    let release!: () => void;
    const blocked = oneAtATime(10, () => new Promise<void>((r) => (release = r)));
    await oneAtATime(11, async () => log.push("other"));
    expect(log).toEqual(["other"]);
    release();
    await blocked;
  });

  test("too many waiting: refused at once", async () => {
    let release!: () => void;
    const first = oneAtATime(20, () => new Promise<void>((r) => (release = r)));
    const waiting = Array.from({ length: MAX_WAITING - 1 }, () => oneAtATime(20, async () => "ok"));
    await expect(oneAtATime(20, async () => "late")).rejects.toBeInstanceOf(TurnRefused);
    release();
    await first;
    expect(await Promise.all(waiting)).toHaveLength(MAX_WAITING - 1);
  });
});
