export type { OperationContext } from './OperationContext.js';
export { runOperations } from './runOperations.js';
export { checkRequirements, findBinary } from './checkRequirements.js';
export type { HostInfo } from './checkRequirements.js';
export { downloadSources } from './downloadSources.js';
