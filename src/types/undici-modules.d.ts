// undici's own modules, imported one by one by src/client/undici.ts; their
// types are the package's public ones.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici';
  const Agent: typeof EnvHttpProxyAgent;
  export default Agent;
}

declare module 'undici/lib/api/index.js' {
  const api: Record<string, unknown>;
  export default api;
}
