import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkProviderSchema, type ProviderName } from '@x/provider-schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_SCENARIO } from '../scenarios/all-scenarios.js'
import { createJsonlStore } from '../store/jsonl-store.js'
import type { StoredMessage } from '../store/types.js'
import { replayCommand, runCommand } from './commands.js'
import { parseCliOptions } from './options.js'

// `demo --provider <name>` against the real servers: the model is shown the
// provider's prepared tools, each entry's call is restored with restoreCall,
// and the session replays identically from its header.
const PROVIDERS: readonly ProviderName[] = ['gemini', 'openai-strict']
let dir: string
const runs = new Map<string, { code: number; output: string; messages: readonly StoredMessage[]; meta: unknown }>()
const io = (sink: { text: string }) => ({
  write: (chunk: string) => void (sink.text += chunk),
  onInterrupt: () => () => {},
})
const options = (provider: string | undefined, ...args: string[]) =>
  parseCliOptions(
    [
      'demo',
      '--store',
      'jsonl',
      '--dir',
      join(dir, provider ?? 'default'),
      ...(provider === undefined ? [] : ['--provider', provider]),
      ...args,
    ],
    {},
    false,
  )
const SESSION = 'session-read-and-ticket-mcp-0001'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-provider-'))
  for (const provider of [...PROVIDERS, undefined]) {
    const sink = { text: '' }
    const code = await runCommand(options(provider), io(sink), DEMO_SCENARIO)
    const store = createJsonlStore(join(dir, provider ?? 'default'))
    const messages = await store.loadMessages(SESSION)
    const meta = (await store.getSession(SESSION))?.meta
    await store.close()
    runs.set(provider ?? 'default', { code, output: sink.text, messages, meta })
  }
}, 90_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const searchResult = (provider: string): { name: string; parameters: unknown }[] => {
  const result = runs
    .get(provider)!
    .messages.find(({ message }) => message.role === 'tool' && message.tool === 'tool_search')!.message
  return (JSON.parse((result as { content: string }).content) as { tools: { name: string; parameters: unknown }[] })
    .tools
}

describe.each(PROVIDERS)('demo --provider %s', (provider) => {
  it('shows the model tool schemas that provider accepts', () => {
    const tools = searchResult(provider)
    expect(tools.length).toBeGreaterThan(0)
    for (const tool of tools)
      expect({ tool: tool.name, violations: checkProviderSchema(tool.parameters, provider) }).toEqual({
        tool: tool.name,
        violations: [],
      })
  })

  it('restores every call for its tool: the ticket lands with "first name"', () => {
    const run = runs.get(provider)!
    expect(run.code).toBe(0)
    expect(run.output).toContain(
      '#1 [open] Retry job sends invoices twice  assignee {"first name":"Grace","last name":"Hopper"}  due 2026-10-15  priority 1',
    )
    expect(
      run.messages
        .filter(({ message }) => message.role === 'tool')
        .map(({ message }) => (message as { status: string }).status),
    ).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'blocked'])
  })

  it('records the provider in the session header, and replays identically', async () => {
    expect(runs.get(provider)!.meta).toMatchObject({ provider })
    const sink = { text: '' }
    const code = await replayCommand(options(provider, 'replay'), io(sink), SESSION)
    expect(sink.text).toBe(`replay of ${SESSION}: identical (11 messages, same ids, order and results)\n`)
    expect(code).toBe(0)
  }, 30_000)
})

describe('demo without --provider', () => {
  it('prepares the tools for generic and records it in the header: names made portable, $refs kept', () => {
    expect(runs.get('default')!.meta).toMatchObject({ provider: 'generic' })
    expect(searchResult('default').find((tool) => tool.name === 'mcp__tickets__create')!.parameters).toMatchObject({
      properties: { due_date: expect.anything(), assignee: { $ref: '#/definitions/Person' } },
    })
  })

  it('replays a session whose header names no provider as generic, identically', async () => {
    // Sessions recorded before the header carried the provider look like this.
    const file = join(dir, 'default', `${SESSION}.jsonl`)
    const [header, ...rest] = readFileSync(file, 'utf8').split('\n')
    const line = JSON.parse(header!) as { session: { meta: Record<string, unknown> } }
    delete line.session.meta.provider
    writeFileSync(file, [JSON.stringify(line), ...rest].join('\n'))
    const store = createJsonlStore(join(dir, 'default'))
    expect((await store.getSession(SESSION))?.meta).not.toHaveProperty('provider')
    await store.close()
    const sink = { text: '' }
    const code = await replayCommand(options(undefined, 'replay'), io(sink), SESSION)
    expect(sink.text).toBe(`replay of ${SESSION}: identical (11 messages, same ids, order and results)\n`)
    expect(code).toBe(0)
  }, 30_000)
})
