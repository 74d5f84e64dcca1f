// Anthropic requires tool_use ids to match ^[a-zA-Z0-9_-]+$ and Bedrock
// limits toolUseId to 1..64 characters. Stricter rules are not applied here
// (OpenAI Chat Completions takes at most 40 characters, Mistral only its own
// nine alphanumerics): the README states both as limits.
const PROVIDER_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/
const MAX_ID_LENGTH = 64

/** True for a tool-call id that Anthropic's and Bedrock's rules accept back in the next request. */
export function isProviderSafeId(id: string): boolean {
  return PROVIDER_SAFE_ID.test(id)
}

/**
 * The tool-call ids of one model answer. `claim` returns `id` when no earlier
 * call of the answer has it, else the first free `id_d2`, `id_d3`, ... (kept
 * within 64 characters), the suffixes @x/batch-split uses: replays of the
 * same answer must give the same ids, so nothing random.
 */
export class CallIdRegistry {
  readonly #taken = new Set<string>()

  /** Records an id the provider chose, without renaming it. */
  note(id: string): void {
    this.#taken.add(id)
  }

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
