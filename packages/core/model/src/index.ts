// @dsh-pure
export * from './types'
export { cancelledError, MODEL_ERROR_CODES, ModelError, type ModelErrorCode, type ModelErrorOptions } from './errors'
export { type CollectedTurn, collectTurn, TurnCollector } from './turn-collector'
