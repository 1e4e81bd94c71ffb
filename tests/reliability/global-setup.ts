// vitest globalSetup for the reliability project (after global-postgres.ts):
// the tests start the built portal as child processes, so build it first
// unless build/ is newer than its sources.
import { buildIfStale } from "../support/global-app";

export default function setup() {
  buildIfStale();
}
