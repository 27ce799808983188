/**
 * Server tokens for tests, each 64 hex digits (`openssl rand -hex 32`): a
 * server refuses a token estimated under 128 bits (src/server/token-strength.ts).
 */
export const TOKEN_A = 'd8a336d46dbe4b06952efb711eec58d4a928867f2d92f2dc60d388be0ebeb97f';
export const TOKEN_B = '5caf55274437f7024ec658565523f1ae27b3120853a213d433b4bd7e68838852';
export const TOKEN_C = 'db20ab3dd240c0cbe78df22f2592587d3dde622947513449940642e5b06fb1f0';
export const TOKEN_D = '18efc56a0e74fed18a06001ff37dfee7e004e0db225fce9cf60ac39d355e3163';
export const METRICS_TOKEN = '2794f9be110ed1c962b3eb6222ae0de9a9d7c4c1391ac4010d45b9024f00d331';
