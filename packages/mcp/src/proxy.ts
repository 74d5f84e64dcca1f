export { startProxy } from './proxy/start-proxy.js'
export type { ProxyOptions, RunningProxy } from './proxy/start-proxy.js'
export { parseProxyArgv, PROXY_USAGE } from './proxy/parse-proxy-argv.js'
export type { ProxyArgv } from './proxy/parse-proxy-argv.js'
