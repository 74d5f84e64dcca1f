import { defineConfig } from 'vitest/config'

// One vitest run over every workspace project, so the root gets one summary
// (turbo hides per-package output). `scripts/test.mjs` turns it into the plain
// `N passed, M failed` line that CI reads.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      'tooling/test-utils',
      'tooling/mcp-corpus',
      // @x/arg-coerce and @x/key-unmap specialize what they see often with
      // generated code after a few calls; their whole suites run a second
      // time with that happening on the first call, so both paths meet every
      // expectation.
      ...['arg-coerce', 'key-unmap'].map((name) => ({
        extends: `./packages/${name}/vitest.config.ts`,
        test: {
          name: `${name} (generated code)`,
          root: `./packages/${name}`,
          setupFiles: ['./src/test-support/generate-at-once.ts'],
        },
      })),
    ],
  },
})
