// json-pointer 0.6.2 ships no types; only what the benchmark calls.
declare module 'json-pointer' {
  const api: {
    get(object: object, pointer: string | readonly string[]): unknown
    parse(pointer: string): string[]
  }
  export default api
}
