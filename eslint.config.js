import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const APP = `${ROOT}/app`;

/**
 * app/'s folders and top-level files from the bottom up: each imports only what comes before it,
 * so no two folders import each other. A new folder gets its place here (importing an unlisted one
 * fails below).
 */
const LAYERS = [
  "rules",
  "assets",
  "styles",
  "ui",
  "config",
  "services",
  "search",
  "adapters",
  "player",
  "auth",
  "analytics",
  "render",
  "components",
  "route-support",
  "load-context.ts",
  "composition.server.ts",
  "entry.server.tsx",
  "routes",
  "root.tsx",
  "entry.client.tsx",
];

const zone = (target, from, message, except) => ({
  target: [target].flat().map((t) => path.resolve(ROOT, t)),
  from: [from].flat().map((f) => path.resolve(ROOT, f)),
  ...(except && { except }),
  message,
});

const layerZones = [
  zone(["app/routes", "app/components"], "app/adapters", "Views reach adapters only through services."),
  zone("app/services", ["app/adapters", "app/route-support"], "Services know neither adapters nor HTTP."),
  zone(["server.ts", "server"], "app", "The server gets the app through the Remix build."),
  zone(
    "app/adapters",
    ["app/player", "app/components", "app/routes", "app/route-support"],
    "Adapters serve services, not views or HTTP.",
  ),
  zone("app/config", "app/adapters", "Configuration is read before any adapter is built."),
  zone(
    ["app/components/**", "app/player/**", "app/ui/**"],
    "app/**/*.server.{ts,tsx}",
    // A module may import its own server half: the bundler drops it from the browser build.
    "Browser code takes shared types from non-server modules.",
    [
      `${APP}/ui/primitives.server.{ts,tsx}`,
      // The server halves of the parts loaded later (ui/later.tsx, ADR 051).
      `${APP}/components/later-parts.server.{ts,tsx}`,
      `${APP}/player/player-bars.server.{ts,tsx}`,
      // Their markup made once (ADR 057), imported by those server halves only.
      `${APP}/ui/later-markup.server.{ts,tsx}`,
    ],
  ),
  ...LAYERS.slice(0, -1).map((name, i) =>
    zone(
      `app/${name}`,
      LAYERS.slice(i + 1).map((above) => `app/${above}`),
      `app/ imports downward only (LAYERS in eslint.config.js), so no two folders import each other.`,
    ),
  ),
  zone(
    "app/**",
    "app/*/**",
    "Every folder of app/ has its place in LAYERS (eslint.config.js).",
    LAYERS.map((name) => `${APP}/${name}/**`),
  ),
];

export default tseslint.config(
  {
    ignores: [
      // bench/floor-app builds its own copy of these on first use.
      "**/build/",
      "**/public/build/",
      "public/sw.js",
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
  {
    // The layers of app/ and server/; tests may reach across them.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  {
    // tests/ may use scripts/ (fakes, launcher, throwaway PostgreSQL); bench/ uses scripts/ too.
    files: ["bench/**/*.mjs", "scripts/**/*.mjs"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            zone(
              ["bench", "scripts"],
              "tests",
              "bench/ and scripts/ never depend on tests/ (scripts/fakes holds the fakes).",
            ),
            zone("scripts", "bench", "bench/ uses scripts/, not the other way round."),
          ],
        },
      ],
    },
  },
);
