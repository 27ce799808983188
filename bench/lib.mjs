// The benchmarks' shared library, one import for every bench script: the
// surroundings (lib/environment.mjs), results and their table
// (lib/report.mjs), statistics (lib/stats.mjs), processes timed, started and
// stopped (lib/processes.mjs), and HTTP load (lib/http.mjs).
// Plain ESM, no TypeScript loader: the benches run the built bundle (dist/).
export * from './lib/environment.mjs';
export * from './lib/http.mjs';
export * from './lib/processes.mjs';
export * from './lib/report.mjs';
export * from './lib/stats.mjs';
