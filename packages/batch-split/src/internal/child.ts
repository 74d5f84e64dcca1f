/** One call a split produces: its tool name, compact JSON arguments, and those arguments parsed. */
export interface Child {
  name: string
  arguments: string
  input: Record<string, unknown>
}

/**
 * What happened to one input call: split into `children` (one id each), or,
 * with `children` undefined, only given a new id because an earlier call in
 * the list already had its id.
 */
export interface Change {
  ids: string[]
  children: Child[] | undefined
}
