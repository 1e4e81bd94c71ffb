// Lint: typescript-eslint's recommended rules, the rules of hooks, and the import boundaries between
// layers and features (scripts/boundaries.mjs, docs/architecture.md, decision 0059).
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { boundaryConfigs } from "./scripts/boundaries.mjs";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "build/**",
      "public/**",
      "data/**",
      "app/generated/**",
      ".cache/**",
      "test-results/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Hooks live in the app; tests have their own use*() helpers.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["warn", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    // Hand-written declarations of untyped packages mirror their loose APIs.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly" },
    },
  },
  // Last: which layer may import which (routes -> features -> components -> lib; jobs -> features,
  // lib; server -> app; features along named edges or from the shared kernel).
  ...boundaryConfigs(import.meta.dirname),
);
