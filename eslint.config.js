import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      // bench/floor-app builds its own copy of these on first use.
      "**/build/",
      "**/public/build/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "data/",
      "**/.cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // Input hygiene matches control characters on purpose (stripping or refusing them).
      "no-control-regex": "off",
    },
  },
  // Playwright reads a test's fixtures from its first parameter, so `async ({}, testInfo)` is how a
  // test asks for none.
  { files: ["tests/e2e/**"], rules: { "no-empty-pattern": "off" } },
  // Tests read raw JSON and browser globals whose shape is the thing under test.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "import-x": importX },
    settings: {
      react: { version: "18.3" },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      // React escapes text; the copy quotes the show's own words, apostrophes included.
      "react/no-unescaped-entities": "off",
      // The show publishes its episodes, stream and videos without captions or transcripts.
      "jsx-a11y/media-has-caption": "off",
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-cycle": "error",
      "import-x/no-unresolved": "error",
    },
  },
);
