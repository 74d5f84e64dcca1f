import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Message } from '../model/types.js'
import { SCENARIOS } from '../scenarios/all-scenarios.js'
import { createMemoryStore } from '../store/memory-store.js'
import { loadScript } from './load-script.js'
import { runScenario } from './run-scenario.js'
import { transcriptOf } from './transcript.js'

// `fixtures/transcripts/<scenario>.json` were recorded once, before the loop
// restored calls with `restoreCall`, from its hand-ordered pipeline (coerce
// against the sanitized schema, then unmap keys against the original). They
// are never regenerated: a run without options must still give exactly that
// transcript (ids, names, the arguments each tool received, results).
const expected = (name: string): Message[] =>
  JSON.parse(readFileSync(new URL(`../../fixtures/transcripts/${name}.json`, import.meta.url), 'utf8')) as Message[]

describe('a run with the default provider', () => {
  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
    '%s gives the transcript the hand-ordered pipeline gave',
    async (name, scenario) => {
      const store = createMemoryStore()
      const { sessionId } = await runScenario({ scenario, script: loadScript(scenario.script), store })
      expect(transcriptOf(await store.loadMessages(sessionId))).toEqual(expected(name))
    },
    30_000,
  )
})
