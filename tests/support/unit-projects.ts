// Which unit files share one module graph (vitest project 'unit', isolate: false) and which need their
// own (vitest project 'unit-isolated'): a file that replaces one of our modules with vi.mock.
// tests/unit/unit-projects.test.ts fails when a unit file uses vi.mock and is not listed here.
export const UNIT = ["app/**/*.test.{ts,tsx}", "jobs/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"];
export const UNIT_MOCKING = ["tests/unit/server-hooks.test.ts", "tests/unit/load-context.test.ts"];
