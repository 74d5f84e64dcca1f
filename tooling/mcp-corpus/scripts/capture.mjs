#!/usr/bin/env node
// Captures the `tools/list` answer of every pinned MCP server into
// fixtures/<slug>.json. Run by hand after bumping a server
// (`pnpm --filter @x/mcp-corpus capture [slug ...]`); tests only read the
// files it writes, so they never start a server or touch the network.
//
// Each server runs from this package's node_modules over stdio, with a
// minimal environment: PATH, HOME and the dummy credentials listed below, so
// nothing from the caller's shell (a real token) leaks into a capture. A
// server that fails or stays silent past its timeout is reported and
// skipped; the script still exits non-zero so a partial capture is noticed.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { setTimeout, clearTimeout } from 'node:timers'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const fixturesDir = join(packageDir, 'fixtures')
const timeoutMs = 30_000
// A server that pages forever must not hang the script.
const maxPages = 100

/**
 * What to start for each server. `args` and `env` are what the server needs
 * to come up without an account; every token is a dummy, since listing tools
 * must not call the provider.
 */
const servers = [
  { slug: 'server-everything', name: '@modelcontextprotocol/server-everything', args: ['stdio'] },
  { slug: 'server-filesystem', name: '@modelcontextprotocol/server-filesystem', args: ['{workdir}'] },
  {
    slug: 'server-memory',
    name: '@modelcontextprotocol/server-memory',
    env: { MEMORY_FILE_PATH: '{workdir}/memory.jsonl' },
  },
  { slug: 'server-sequential-thinking', name: '@modelcontextprotocol/server-sequential-thinking' },
  {
    slug: 'server-github',
    name: '@modelcontextprotocol/server-github',
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' },
  },
  { slug: 'playwright-mcp', name: '@playwright/mcp', args: ['--headless', '--caps=vision,pdf,testing,tracing'] },
  { slug: 'notion-mcp-server', name: '@notionhq/notion-mcp-server', env: { NOTION_TOKEN: 'dummy' } },
  { slug: 'sentry-mcp-server', name: '@sentry/mcp-server', args: ['--access-token=dummy'] },
  { slug: 'context7-mcp', name: '@upstash/context7-mcp' },
  {
    slug: 'supabase-mcp-server',
    name: '@supabase/mcp-server-supabase',
    args: ['--features=account,database,debugging,development,functions,branching,storage'],
    env: { SUPABASE_ACCESS_TOKEN: 'dummy' },
  },
  { slug: 'exa-mcp-server', name: 'exa-mcp-server', env: { EXA_API_KEY: 'dummy' } },
  { slug: 'tavily-mcp', name: 'tavily-mcp', env: { TAVILY_API_KEY: 'dummy' } },
  {
    slug: 'cloudflare-mcp-server',
    name: '@cloudflare/mcp-server-cloudflare',
    args: ['run', '00000000000000000000000000000000'],
    env: { CLOUDFLARE_API_TOKEN: 'dummy' },
  },
  {
    slug: 'postman-mcp-server',
    name: '@postman/postman-mcp-server',
    args: ['--full'],
    env: { POSTMAN_API_KEY: 'PMAK-dummy' },
  },
  {
    slug: 'brave-search-mcp-server',
    name: '@brave/brave-search-mcp-server',
    args: ['--transport', 'stdio'],
    env: { BRAVE_API_KEY: 'dummy' },
  },
  { slug: 'launchdarkly-mcp-server', name: '@launchdarkly/mcp-server', args: ['start', '--api-key', 'api-dummy'] },
  { slug: 'figma-developer-mcp', name: 'figma-developer-mcp', args: ['--stdio', '--figma-api-key=dummy'] },
]

function readPackage(name) {
  const path = join(packageDir, 'node_modules', name, 'package.json')
  return { dir: dirname(path), manifest: JSON.parse(readFileSync(path, 'utf8')) }
}

function serverBin(dir, manifest) {
  const { bin } = manifest
  const unscoped = manifest.name.replace(/^@[^/]+\//, '')
  if (typeof bin === 'string') return { name: unscoped, path: join(dir, bin) }
  const entries = Object.entries(bin ?? {})
  if (entries.length === 0) throw new Error(`${manifest.name} declares no bin`)
  // A package with several bins (setup helpers) names the server after itself.
  const [name, path] = entries.find(([key]) => key === unscoped) ?? entries[0]
  return { name, path: join(dir, path) }
}

function withTimeout(promise, ms, what) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function listAllTools(client) {
  const tools = []
  let cursor
  for (let page = 0; page < maxPages; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor })
    tools.push(...result.tools)
    cursor = result.nextCursor
    if (cursor === undefined || cursor === '') return tools
  }
  throw new Error(`more than ${maxPages} pages of tools`)
}

async function capture(server, sdkVersion) {
  const { dir, manifest } = readPackage(server.name)
  // A fixed scratch path per server, not a random one: some servers put their
  // working directory into a description, and a re-capture of the same
  // version should produce the same file.
  const workdir = join(tmpdir(), `mcp-corpus-${server.slug}`)
  rmSync(workdir, { recursive: true, force: true })
  mkdirSync(workdir, { recursive: true })
  const fill = (value) => value.replaceAll('{workdir}', workdir)
  const args = (server.args ?? []).map(fill)
  const dummyEnv = Object.fromEntries(Object.entries(server.env ?? {}).map(([key, value]) => [key, fill(value)]))
  const bin = serverBin(dir, manifest)
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin.path, ...args],
    env: { PATH: process.env.PATH ?? '', HOME: workdir, ...dummyEnv },
    cwd: workdir,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk) => {
    if (stderr.length < 4000) stderr += chunk
  })
  const client = new Client({ name: '@x/mcp-corpus', version: '0.0.0' })
  try {
    const tools = await withTimeout(
      client.connect(transport).then(() => listAllTools(client)),
      timeoutMs,
      server.name,
    )
    return {
      server: manifest.name,
      version: manifest.version,
      capturedWith: `@modelcontextprotocol/sdk@${sdkVersion} Client over stdio, tools/list`,
      command: [bin.name, ...(server.args ?? [])],
      env: server.env ?? {},
      tools,
    }
  } catch (error) {
    error.stderr = stderr
    throw error
  } finally {
    await client.close().catch(() => {})
    await transport.close().catch(() => {})
    rmSync(workdir, { recursive: true, force: true })
  }
}

const wanted = process.argv.slice(2)
const unknown = wanted.filter((slug) => !servers.some((server) => server.slug === slug))
if (unknown.length > 0) {
  console.error(`unknown server slug(s): ${unknown.join(', ')}`)
  process.exit(2)
}
const sdkVersion = readPackage('@modelcontextprotocol/sdk').manifest.version
mkdirSync(fixturesDir, { recursive: true })
const failed = []
for (const server of servers) {
  if (wanted.length > 0 && !wanted.includes(server.slug)) continue
  try {
    const fixture = await capture(server, sdkVersion)
    if (fixture.tools.length === 0) throw new Error('tools/list returned no tools')
    writeFileSync(join(fixturesDir, `${server.slug}.json`), `${JSON.stringify(fixture, null, 2)}\n`)
    console.log(`ok   ${server.slug} ${fixture.version}: ${fixture.tools.length} tools`)
  } catch (error) {
    failed.push(server.slug)
    console.log(`FAIL ${server.slug}: ${error instanceof Error ? error.message : String(error)}`)
    if (error?.stderr) console.log(`     stderr: ${error.stderr.trim().split('\n').slice(-5).join('\n             ')}`)
  }
}
if (failed.length > 0) {
  console.log(`${failed.length} server(s) failed: ${failed.join(', ')}`)
  process.exitCode = 1
}
