export { createGateway, startGateway } from './app';
export type { Gateway, GatewayOptions, RunningGateway } from './app';
export { gatewayConfigShape, loadGatewayConfig, upstreamUrls } from './config';
export type { GatewayConfig } from './config';
export { PREFIX_TABLE, resolveUpstream, UPSTREAM_NAMES } from './routing/prefix-table';
export type { UpstreamName } from './routing/prefix-table';
