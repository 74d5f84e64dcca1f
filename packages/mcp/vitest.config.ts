import { defineProject } from 'vitest/config'

// The proxy tests spawn real servers (Node processes, some through npx-free
// bin paths): on a loaded two-core machine a start takes seconds, not the
// default five.
// `typecheck` runs the `*.test-d.ts` type tests with tsc inside the same
// vitest run, so `pnpm test` counts them beside the runtime tests.
export default defineProject({
  test: {
    name: 'mcp',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
