import { sha256 } from '@noble/hashes/sha2'

// Splitting a batch hashes up to ten short messages, where the setup of a
// fresh hasher, a fresh encoder and a copied byte array per message weighs as
// much as the compression itself. One pristine hasher is cloned into one
// working hasher instead (`_cloneInto`, noble's own reset path), and the
// UTF-8 bytes go into a reused buffer. All of it is synchronous, so no call
// can interleave with another. (Sharing the compressed state of a common
// prefix across a batch's messages was measured too: no gain, not kept.)
const encoder = new TextEncoder()
const pristine = sha256.create()
const work = sha256.create()
const digest = new Uint8Array(32)
const SCRATCH_LIMIT = 16 * 1024
let scratch = new Uint8Array(1024)

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/**
 * SHA-256 over the UTF-8 of `text`. The array is reused by the next call:
 * read it before hashing again.
 */
export function sha256Digest(text: string): Uint8Array {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  const needed = text.length * 3
  let input: Uint8Array
  if (needed <= SCRATCH_LIMIT) {
    if (scratch.length < needed) scratch = new Uint8Array(SCRATCH_LIMIT)
    input = scratch.subarray(0, encoder.encodeInto(text, scratch).written)
  } else {
    input = encoder.encode(text)
  }
  pristine._cloneInto(work)
  work.update(input)
  work.digestInto(digest)
  return digest
}

/** The first `bytes` bytes of SHA-256 over the UTF-8 of `text`, as lowercase hex. */
export function sha256Hex(text: string, bytes: number): string {
  const hash = sha256Digest(text)
  let hex = ''
  for (let index = 0; index < bytes; index++) hex += HEX[hash[index]!]
  return hex
}
