import { defineProject } from 'vitest/config'

// The proxy tests spawn real servers (Node processes, some through npx-free
// bin paths): on a loaded two-core machine a start takes seconds, not the
// default five.
export default defineProject({ test: { name: 'mcp', testTimeout: 60_000, hookTimeout: 60_000 } })
