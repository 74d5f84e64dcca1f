import type { IdFormat } from './id-formats.js'
import { sha256Hex } from './sha256-hex.js'

/** The text a derived id hashes: `name:seed:index`. */
export function callIdMessage(name: string, seed: string, index: number): string {
  return `${name}:${seed}:${index}`
}

/**
 * The ids taken so far in one message. `claim` returns `id` if no earlier
 * call took it, else a replacement the provider accepts, and records the
 * result. Replacements are deterministic (replays must give the same ids):
 * `id_d2`, `id_d3`, ... (shortened to the format's length) where a suffix
 * keeps the id valid, else an id derived from `id` and the attempt number.
 */
export class IdRegistry {
  readonly #format: IdFormat
  readonly #taken = new Set<string>()
  // Per repeated id: the next attempt number, so that the n-th repeat starts
  // where the previous one stopped instead of probing from 2 again (n repeats
  // of one id cost O(n), not O(n²)), and, for derived repairs, a short digest
  // of the id, so that a long id repeated n times is hashed once, not n times.
  readonly #repeats = new Map<string, { next: number; digest: string | undefined }>()

  constructor(format: IdFormat) {
    this.#format = format
  }

  /** Records an id that is already in the message (the provider's own), without renaming it. */
  note(id: string): void {
    this.#taken.add(id)
  }

  claim(id: string): string {
    const taken = this.#taken
    if (!taken.has(id)) {
      taken.add(id)
      return id
    }
    return this.#replace(id)
  }

  /** As `claim`, but an id the format rejects is replaced even when it is free. */
  claimValid(id: string): string {
    return this.#format.accepts.test(id) ? this.claim(id) : this.#replace(id)
  }

  #replace(id: string): string {
    const taken = this.#taken
    const format = this.#format
    // A suffix on an id the provider rejects (`functions.read:0`, `' '`) is
    // still rejected: such a repeat gets a derived id.
    const suffixes = format.suffixes && format.accepts.test(id)
    let repeat = this.#repeats.get(id)
    if (repeat === undefined) {
      repeat = { next: 2, digest: suffixes ? undefined : sha256Hex(id, 16) }
      this.#repeats.set(id, repeat)
    }
    for (;;) {
      const attempt = repeat.next++
      const candidate =
        repeat.digest === undefined
          ? suffixed(id, attempt, format.maxLength)
          : format.derive(`${repeat.digest}:d${attempt}`)
      if (!taken.has(candidate)) {
        taken.add(candidate)
        return candidate
      }
    }
  }
}

function suffixed(id: string, attempt: number, maxLength: number): string {
  const suffix = `_d${attempt}`
  return (id.length + suffix.length > maxLength ? id.slice(0, maxLength - suffix.length) : id) + suffix
}
