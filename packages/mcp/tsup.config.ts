import { defineConfig } from 'tsup'
import { packageBuild } from '@x/tsup-config'

// The library entry is platform-neutral (the server helper and the client
// wrapper run wherever the SDK runs); the proxy spawns processes, so it and
// its bin build for Node. Two configs, not one: `clean` runs once, first.
export default defineConfig([
  packageBuild({ entry: ['src/index.ts'] }),
  packageBuild({ entry: ['src/proxy.ts'], platform: 'node', clean: false }),
  packageBuild({
    entry: { 'bin/x-mcp-fix': 'src/bin/x-mcp-fix.ts' },
    format: ['esm'],
    dts: false,
    platform: 'node',
    clean: false,
    banner: { js: '#!/usr/bin/env node' },
  }),
])
