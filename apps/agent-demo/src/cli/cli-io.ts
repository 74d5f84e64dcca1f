/** Streams and process hooks the commands use, injected for tests. */
export interface CliIo {
  readonly write: (text: string) => void
  readonly onInterrupt: (handler: () => void) => () => void
}
