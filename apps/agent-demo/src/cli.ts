#!/usr/bin/env node
// Stand-in until the turn loop lands: lists the workspace packages. The
// README's command (`pnpm demo`) stays the same when the real demo replaces it.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const packagesDir = fileURLToPath(new URL('../../../packages', import.meta.url))
for (const name of readdirSync(packagesDir).sort()) {
  const manifest = JSON.parse(readFileSync(join(packagesDir, name, 'package.json'), 'utf8')) as {
    name: string
    description?: string
  }
  console.log(`${manifest.name.padEnd(18)} ${manifest.description ?? ''}`)
}
