import type { AnswerFixer } from './request-fixes.js'
import type { StreamPart, ToolCallContent } from './types.js'

type InputStart = Extract<StreamPart, { type: 'tool-input-start' }>

function startFor(call: ToolCallContent, start: InputStart, index: number): InputStart {
  if (index > 0) return { type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName }
  // The replayed input is the final JSON, so no `inputEncoding: 'text'`; a
  // title belongs to the tool the model named, not to the one a split found.
  const { inputEncoding: _encoding, title, ...rest } = start
  return {
    ...rest,
    id: call.toolCallId,
    toolName: call.toolName,
    ...(title !== undefined && call.toolName === start.toolName ? { title } : {}),
  }
}

/**
 * The stream with every client-side tool call fixed, and its streamed input
 * kept consistent with the fixed call.
 *
 * The `tool-input-start/delta/end` parts of a client-side call are held
 * until its `tool-call` arrives, because only then is it known whether the
 * call is split or restored. Unchanged: the held parts are replayed exactly
 * as the model sent them, then the call. Changed: for each resulting call,
 * in order, `tool-input-start` (the final id and tool name), one
 * `tool-input-delta` carrying the final input, `tool-input-end`, then the
 * `tool-call`; so a UI never shows input for an id or a name that no call
 * carries. A call the model streamed no input parts for gets none. Every
 * other part passes through at once, in order; input parts that never got
 * their call are released before `finish` (or at the end of the stream).
 */
export function fixStream(stream: ReadableStream<StreamPart>, fix: AnswerFixer): ReadableStream<StreamPart> {
  const held = new Map<string, StreamPart[]>()
  const release = (controller: TransformStreamDefaultController<StreamPart>): void => {
    for (const parts of held.values()) for (const part of parts) controller.enqueue(part)
    held.clear()
  }
  return stream.pipeThrough(
    new TransformStream<StreamPart, StreamPart>({
      transform(part, controller) {
        switch (part.type) {
          case 'tool-input-start':
            if (part.providerExecuted === true) break
            held.set(part.id, [part])
            return
          case 'tool-input-delta':
          case 'tool-input-end': {
            const parts = held.get(part.id)
            if (parts === undefined) break
            parts.push(part)
            return
          }
          case 'tool-call': {
            const parts = held.get(part.toolCallId)
            held.delete(part.toolCallId)
            const fixed = fix(part)
            if (fixed === undefined) {
              for (const heldPart of parts ?? []) controller.enqueue(heldPart)
              break
            }
            const start = parts?.[0]?.type === 'tool-input-start' ? parts[0] : undefined
            fixed.forEach((call, index) => {
              if (start !== undefined) {
                controller.enqueue(startFor(call, start, index))
                controller.enqueue({ type: 'tool-input-delta', id: call.toolCallId, delta: call.input })
                controller.enqueue({ type: 'tool-input-end', id: call.toolCallId })
              }
              controller.enqueue(call)
            })
            return
          }
          case 'finish':
            release(controller)
            break
        }
        controller.enqueue(part)
      },
      flush(controller) {
        release(controller)
      },
    }),
  )
}
