/**
 * Splits a byte stream into newline-terminated lines, as MCP's stdio
 * transport frames messages. Lines are kept as bytes, `\n` included, so a
 * line that is passed on is passed on byte for byte (a `\r` before the `\n`,
 * invalid UTF-8, anything). A chunk may end mid-line or mid-character: the
 * rest waits for the next chunk.
 */
export function lineReader(onLine: (line: Buffer) => void): { push(chunk: Buffer): void; end(): void } {
  let pending: Buffer[] = []
  let pendingLength = 0
  return {
    push(chunk) {
      let start = 0
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, newline + 1)
        if (pendingLength === 0) onLine(piece)
        else {
          onLine(Buffer.concat([...pending, piece], pendingLength + piece.length))
          pending = []
          pendingLength = 0
        }
        start = newline + 1
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start))
        pendingLength += chunk.length - start
      }
    },
    end() {
      // A last line without its newline is still a message to the SDK's
      // reader only once the newline comes; the stream ended, so it never
      // will: pass the bytes on as they are and let the reader decide.
      if (pendingLength > 0) onLine(Buffer.concat(pending, pendingLength))
      pending = []
      pendingLength = 0
    },
  }
}
