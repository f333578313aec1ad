import { type Context, Service } from '@deepseek-ai/cordis'
import { cancelledError, ModelError, type ModelEvent, type ModelProvider, type ModelToolSpec, type ModelTurnRequest } from 'dsh-model'
import { Config } from './config'
import { loadScript } from './load-script'
import { play } from './play'
import type { ScriptFile } from './script-schema'

/**
 * ctx.model that plays a script file: deterministic turns for demos, snapshot overlays and
 * tests. The file is read and checked when the plugin loads (a bad file fails the entry,
 * naming the file and the field); `verify` checks the tool names against the served catalog.
 */
export class ScriptModel extends Service implements ModelProvider {
  static Config = Config
  readonly file: string
  private readonly script: ScriptFile

  constructor(ctx: Context, config: Config) {
    super(ctx, 'model')
    const loaded = loadScript(config.path)
    this.file = loaded.file
    this.script = loaded.script
  }

  get description(): string {
    return `the script ${this.file} (${this.script.turns.length} turns)`
  }

  verify(tools: readonly ModelToolSpec[]): void {
    const served = new Set(tools.map((t) => t.name))
    this.script.turns.forEach((turn, i) => {
      const replies = 'cases' in turn ? turn.cases.map((r, c) => ({ r, at: `turns[${i}].cases[${c}]` })) : [{ r: turn, at: `turns[${i}]` }]
      for (const { r, at } of replies) {
        r.toolCalls?.forEach((call, j) => {
          if (call.unknown || served.has(call.name)) return
          const list = [...served].sort().join(', ') || '(none)'
          throw new ModelError('BAD_RESPONSE', `model-script: ${this.file}: ${at}.toolCalls[${j}].name: no tool named ${JSON.stringify(call.name)} is served; served tools: ${list} (mark a deliberate one with unknown: true)`)
        })
      }
    })
  }

  turn(request: ModelTurnRequest): AsyncIterable<ModelEvent> {
    return this.stream(request)
  }

  private async *stream(request: ModelTurnRequest): AsyncGenerator<ModelEvent> {
    for (const event of play(this.script, this.file, request.messages)) {
      if (request.signal.aborted) throw cancelledError(request.signal)
      yield event
    }
  }
}
