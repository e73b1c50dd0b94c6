import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * Import boundaries of docs/ARCHITECTURE.md ("Folders and what each may import"). Paths are the
 * resolved files, so `@/…` and relative imports are treated alike.
 */
const BOUNDARY_ZONES = [
  {
    target: "./src/ui",
    from: "./src",
    except: ["./ui", "./lib", "./i18n", "./themes", "./api/schemas"],
    message: "src/ui may import only src/lib, src/i18n, src/themes and types of src/api/schemas: let the page load the data and pass it in.",
  },
  {
    target: "./src/server",
    from: ["./src/app", "./src/ui", "./src/api", "./src/proxy.ts"],
    message: "src/server must not import routes, components or the API: move the shared code to src/server or src/lib.",
  },
  {
    target: "./src/server/db",
    from: "./src/server",
    except: ["./db"],
    message: "src/server/db may import only src/lib.",
  },
  {
    target: "./src/lib",
    from: "./src",
    except: ["./lib"],
    message: "src/lib is shared by browser and server and imports only src/lib.",
  },
  {
    target: "./src/api",
    from: ["./src/app", "./src/ui"],
    message: "src/api must not import routes or components.",
  },
];

/** src/ui takes only types from the API's schemas. */
const SCHEMAS_AS_TYPES = {
  group: ["@/api/schemas", "@/api/schemas/*", "**/api/schemas", "**/api/schemas/*"],
  allowTypeImports: true,
  message: "src/ui takes only types from the API schemas (import type).",
};
/** Links inside the portal fetch their page on intent, not in view (decision 0040). */
const NEXT_LINK = {
  name: "next/link",
  message: "Use ClientLink (@/ui/shell/client-link), or Anchor and LinkButton that draw it: it fetches the page when a pointer is on the link, not every link in view.",
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "tmp/**", "next-env.d.ts", "test-results/**", "src/test/fixtures/boundaries/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    settings: {
      "import/resolver": {
        typescript: { project: "./tsconfig.json", alwaysTryTypes: true },
        node: { extensions: [".js", ".jsx", ".ts", ".tsx"] },
      },
      // Packages are not parsed for import/no-cycle: a cycle runs through our own files only.
      "import/ignore": ["node_modules"],
    },
    rules: {
      "import/no-restricted-paths": ["error", { zones: BOUNDARY_ZONES }],
      "import/no-cycle": ["error", { maxDepth: 12, ignoreExternal: true }],
      // One way to the database (docs/decisions/0013): a transaction is a Db already, and a cast
      // through unknown would hide a real mismatch between two handles.
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression[typeAnnotation.typeName.name='Db'] > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: "Do not cast to Db through unknown: a transaction and both drivers' handles are a Db as they are.",
        },
      ],
    },
  },
  {
    files: ["src/ui/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [NEXT_LINK],
          patterns: [SCHEMAS_AS_TYPES],
        },
      ],
    },
  },
  {
    // The one next/link of the portal: the rest take ClientLink (decision 0040).
    files: ["src/ui/shell/client-link.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SCHEMAS_AS_TYPES] }] },
  },
  {
    files: ["src/app/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [NEXT_LINK] }] },
  },
  {
    files: ["scripts/**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
];

export default config;
