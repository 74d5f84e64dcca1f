// Anthropic requires tool_use ids to match ^[a-zA-Z0-9_-]+$ and Bedrock limits
// toolUseId to 1..64 characters: an id that passes both passes every provider.
const PROVIDER_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/

/** True for an id Anthropic, Bedrock, OpenAI and Gemini all accept. */
export function isProviderSafeId(id: string): boolean {
  return PROVIDER_SAFE_ID.test(id)
}

const MAX_ID_LENGTH = 64

/**
 * Returns `id` if no earlier call took it, else the first free `id_d2`,
 * `id_d3`, ... (shortened so the result stays within 64 characters), and
 * records the result as taken. Suffixes, not random ids: replays must give
 * the same ids.
 */
export function claimId(taken: Set<string>, id: string): string {
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
