import { ScriptModel } from './provider'

export { ScriptModel }
export { Config } from './config'
export { loadScript, MAX_SCRIPT_BYTES } from './load-script'
export { lastToolResult, matches, play, turnIndex } from './play'
export { checkScript, fieldOf, MAX_CALLS_PER_TURN, MAX_TURNS, type ScriptFile, type ScriptMatch, type ScriptProblem, type ScriptReply, type ScriptToolCall, type ScriptTurn } from './script-schema'
export default ScriptModel
