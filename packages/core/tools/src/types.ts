// @dsh-pure
import type { Agent } from 'dsh-agent'
import type * as z from 'zod'

/** Kinds of a generic call card. */
export type ToolKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'

/** How a host presents a tool call. */
export type CallView =
  | { readonly card: 'generic'; readonly title: string; readonly kind: ToolKind; readonly rawInput?: unknown }
  | { readonly card: 'terminal'; readonly title: string; readonly description?: string }

/** How a host presents a tool result (absent: the host shows `content`). */
export type ResultView = { readonly card: 'terminal'; readonly output: string }

/** What a running call can tell its host (e.g. for MCP progress notifications). */
export interface ToolProgress {
  /** UTF-8 bytes of output the call has produced so far. */
  readonly outputBytes?: number
}

/** A probe a host may poll while the call runs; it must be cheap and never throw. */
export type ProgressProbe = () => ToolProgress

/** What a tool's execute receives besides its arguments. */
export interface ToolExecution {
  /** The initiating agent; undefined when a host calls without one. */
  readonly agent: Agent | undefined
  /** Aborted when the caller cancels the call. */
  readonly signal: AbortSignal
  readonly callId: string
  /** Offer a progress probe to the host (the latest offer wins); a no-op when nobody listens. */
  readonly reportProgress: (probe: ProgressProbe) => void
}

/**
 * Hints about a tool's behaviour, for hosts that show or gate calls (MCP tool annotations).
 * Absent fields mean "not claimed"; they are hints, never a security boundary.
 */
export interface ToolAnnotations {
  /** A short human title. */
  readonly title?: string
  /** The tool changes nothing (read/list). */
  readonly readOnlyHint?: boolean
  /** The tool may destroy state (close a session, kill a job). */
  readonly destructiveHint?: boolean
  /** Calling it again with the same arguments has no further effect. */
  readonly idempotentHint?: boolean
  /** The tool reaches outside the composition (a shell can reach anything). */
  readonly openWorldHint?: boolean
}

/** The outcome handed to finalizeContent (runs exactly once per call, on every outcome). */
export interface ToolOutcome {
  readonly isError: boolean
  readonly value?: unknown
  readonly error?: unknown
  /** On error: the code the model sees (INVALID_ARGUMENTS, CANCELLED, the error's own code, or TOOL_FAILED). */
  readonly errorCode?: string
}

export interface ToolDefinition<P extends z.ZodObject = z.ZodObject, R = unknown> {
  readonly name: string
  readonly description: string
  /** Strict zod object; every field `.describe()`d. Undeclared fields are rejected. */
  readonly parameters: P
  /** The closed schema of a successful result, when the tool has one (listed as `outputSchema`). */
  readonly resultSchema?: z.ZodType
  readonly annotations?: ToolAnnotations
  execute(args: z.output<P>, exec: ToolExecution): R | Promise<R>
  /** The model-visible text of a successful result. */
  render(value: R): string
  /** Last-mile bound of the final text (errors included). */
  finalizeContent?(content: string, outcome: ToolOutcome): string
  presentCall?(args: z.output<P>): CallView
  presentResult?(value: R, content: string): ResultView | undefined
}

export interface ToolExecuteRequest {
  readonly agent: Agent | undefined
  readonly name: string
  readonly arguments: unknown
  readonly signal?: AbortSignal
  readonly callId?: string
  /** Receives the progress probe the tool offers, if any (see ToolExecution.reportProgress). */
  readonly reportProgress?: (probe: ProgressProbe) => void
}

export interface ToolExecuteResult {
  /** The call id (the request's, or one minted by the service). */
  readonly callId: string
  /** The exact text the model sees (already bounded). */
  readonly content: string
  readonly isError: boolean
  /** The structured result on success. */
  readonly value?: unknown
  /** On error: the error's code (e.g. SEND_ACTIVE, INVALID_ARGUMENTS). */
  readonly errorCode?: string
  readonly call: CallView
  readonly result?: ResultView
}

/** One entry of the catalog an agent sees. */
export interface ToolListing {
  readonly name: string
  readonly description: string
  /** JSON Schema generated from the zod parameters. */
  readonly inputSchema: Record<string, unknown>
  /** JSON Schema of the result, from `resultSchema` (always `type: object`; see compile-tool). */
  readonly outputSchema?: Record<string, unknown>
  readonly annotations?: ToolAnnotations
}
