// Anthropic requires tool_use ids to match ^[a-zA-Z0-9_-]+$ and Bedrock limits
// toolUseId to 1..64 characters: an id that passes both passes every provider.
const PROVIDER_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/

/** True for an id Anthropic, Bedrock, OpenAI and Gemini all accept. */
export function isProviderSafeId(id: string): boolean {
  return PROVIDER_SAFE_ID.test(id)
}

/** `deterministicCallId` is `CALL_ID_PREFIX` + the first `CALL_ID_BYTES` bytes of SHA-256, in hex. */
export const CALL_ID_PREFIX = 'call_'
export const CALL_ID_BYTES = 6

/** The text `deterministicCallId` hashes: `name:seed:index`. */
export function callIdMessage(name: string, seed: string, index: number): string {
  return `${name}:${seed}:${index}`
}

const MAX_ID_LENGTH = 64

/**
 * The ids taken so far in one message. `claim` returns `id` if no earlier
 * call took it, else the first free `id_d2`, `id_d3`, ... (shortened so the
 * result stays within 64 characters), and records the result. Suffixes, not
 * random ids: replays must give the same ids.
 */
export class IdRegistry {
  readonly #taken = new Set<string>()

  claim(id: string): string {
    const taken = this.#taken
    if (!taken.has(id)) {
      taken.add(id)
      return id
    }
    for (let attempt = 2; ; attempt++) {
      const suffix = `_d${attempt}`
      const base = id.length + suffix.length > MAX_ID_LENGTH ? id.slice(0, MAX_ID_LENGTH - suffix.length) : id
      const candidate = base + suffix
      if (!taken.has(candidate)) {
        taken.add(candidate)
        return candidate
      }
    }
  }
}
