// A value that a file's tests share, made once in beforeAll: the stand-in
// returned at the top of the file is the value itself inside the tests.
import { afterAll, beforeAll } from "vitest";

/**
 * Makes the value in beforeAll and returns a stand-in for it (reads,
 * `in`, keys and spreads go to the made value). Using it before beforeAll
 * has run (at the top level of a file) throws, naming `what`. `undo`, when
 * given, runs in afterAll on what was made (not when making it failed).
 */
export function madeBeforeAll<T extends object>(what: string, make: () => Promise<T>, undo?: (made: T) => Promise<void>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  if (undo) {
    afterAll(async () => {
      if (made) await undo(made);
    });
  }
  const value = (): T => {
    if (!made) throw new Error(`${what} is made in beforeAll: use it inside the tests`);
    return made;
  };
  return new Proxy({} as T, {
    get: (_t, key) => Reflect.get(value(), key),
    has: (_t, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(value(), key);
      return d && { ...d, configurable: true };
    },
  });
}
