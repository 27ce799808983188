// The access audit's own modules, bundled for bench/audited-bare-server.mjs
// (bench/lib.mjs buildModule): the audit file, its chain and its key, as
// `coopctl serve` uses them.
export { fileAudit } from '../src/server/store/sqlite/audit-file.js';
export { openAuditFile } from '../src/server/store/sqlite/audit-file-open.js';
export { chainOf } from '../src/server/audit/seal.js';
export { auditKeyOf } from '../src/server/audit/key.js';
