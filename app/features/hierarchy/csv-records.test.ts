import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv-records.server";
import { IMPORT_MESSAGES as M } from "./import-messages";

const read = async (...chunks: Array<string | Buffer>) => {
  const out: Array<[number, string[] | string]> = [];
  for await (const r of csvRecords(Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))))) out.push([r.line, r.record ?? r.problem]);
  return out;
};

describe("the import's CSV reader", () => {
  it("gives each record with its line (a BOM left out, a quoted line break kept, a character split between chunks)", async () => {
    const e = Buffer.from("é");
    expect(await read("\uFEFFa,b\n1,\"x\ny\"\n\n2,J", e.subarray(0, 1), Buffer.concat([e.subarray(1), Buffer.from("n\n")]))).toEqual([
      [1, ["a", "b"]],
      [3, ["1", "x\ny"]],
      [5, ["2", "Jén"]],
    ]);
  });

  it("refuses a record that is not UTF-8 as a bad line and reads on", async () => {
    expect(await read(Buffer.concat([Buffer.from("a,b\n1,Jo"), Buffer.from([0xff]), Buffer.from("n\n2,ok\n3,"), Buffer.from([0xc0, 0x80]), Buffer.from("\n")]))).toEqual([
      [1, ["a", "b"]],
      [2, M.notUtf8],
      [3, ["2", "ok"]],
      [4, M.notUtf8],
    ]);
  });

  it("reports a broken quote as a bad line with its number and reads no further", async () => {
    expect(await read('a,b\n1,ok\n2,"T"X\n3,never read\n')).toEqual([[1, ["a", "b"]], [2, ["1", "ok"]], [3, M.badQuote]]);
    expect(await read('a,b\n1,ok\n2"x,y\n3,z\n')).toEqual([[1, ["a", "b"]], [2, ["1", "ok"]], [3, M.badQuote]]);
    // Never closed: found at the end of the file, reported where the record starts.
    expect(await read('a,b\n1,ok\n2,"open\n3,z\n4,z\n')).toEqual([[1, ["a", "b"]], [2, ["1", "ok"]], [3, M.badQuote]]);
  });

  it("stops reading the source when the caller leaves early", async () => {
    let pulled = 0;
    async function* big() {
      for (let i = 0; i < 10_000; i++) {
        const chunk = Buffer.from(`${i},x\n`.repeat(100));
        pulled += chunk.byteLength;
        yield chunk;
      }
    }
    for await (const r of csvRecords(big())) if (r.line > 10) break;
    // Of the source's 6.9 MB, only the streams' read-ahead (64 KiB buffers on Node 22 and later).
    expect(pulled).toBeLessThan(256 * 1024);
  });
});
