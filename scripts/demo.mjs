// The quick start's main job: start the embedded server with the demo dataset
// (a throwaway database in a temp folder), wait until it answers, run a few
// commands against it, then keep serving until Ctrl-C so you can try more.
//
// The port is COOPCTL_DEMO_PORT, else 8787. When another program listens
// there, the demo says so and its server takes a free port instead (the
// commands then go to that port): it never talks to another server. The
// server prints its URL on stdout once it listens, which is how the demo
// learns the port and knows the server is its own. COOPCTL_DEMO_ONCE stops it
// after the commands (tests). What it says is in the language its commands
// speak: COOPCTL_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG), as the CLI
// chooses (src/cli/i18n/lang.ts; the demo's commands read no profile).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../bin/coopctl', import.meta.url).pathname;
const wanted = process.env.COOPCTL_DEMO_PORT ?? '8787';
const dir = mkdtempSync(join(tmpdir(), 'coopctl-demo-'));
const say = (text) => process.stderr.write(`${text}\n`);

/** The demo's language, as its commands choose theirs (no --lang, no profile): Portuguese or English. */
function demoLang(env) {
  const chosen =
    env.COOPCTL_LANG || [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') || '';
  const tag = chosen.split(/[.@]/)[0].replace('_', '-').toLowerCase();
  return tag === 'pt' || tag.startsWith('pt-') ? 'pt' : 'en';
}

/**
 * The demo's health-declaration form 1 as a healthQuestions value (docs/decisions.md): the enrolment wizard
 * shows its questions' texts in the demo's commands, and the words below say how to have them in another terminal.
 */
const healthQuestions =
  '1.1=Tem alguma doença crônica (diabetes, hipertensão, asma)?; 1.2=Fez alguma cirurgia nos últimos 5 anos?; 1.3=Está em tratamento médico ou toma medicamento de uso contínuo?';

/** How to run coopctl from this checkout in another terminal (it is not on PATH unless `npm link` put it there). */
const cli = 'node bin/coopctl';
const words = {
  en: {
    busy: (port) => `Port ${port} is busy (another program listens there): the demo server takes a free port instead.`,
    exited: (code, err) => `coopctl serve exited with ${code} before listening:\n${err}`,
    pointAt: (url) => `first: export COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url}; then `,
    more: (url, first) =>
      `\nThe server keeps running at ${url}. In another terminal, in this folder, ${first}try more commands: ${cli} --help (or \`npm link\` once, then coopctl --help). Ctrl-C stops it.`,
    health: (value) =>
      `The enrolment wizard (${cli} enrol wizard) shows the health-declaration questions of the demo after: export COOPCTL_HEALTH_QUESTIONS='${value}'`,
  },
  pt: {
    busy: (port) =>
      `A porta ${port} está ocupada (outro programa escuta nela): o servidor de demonstração usa uma porta livre.`,
    exited: (code, err) => `o coopctl serve terminou com ${code} antes de escutar:\n${err}`,
    pointAt: (url) => `primeiro: export COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url}; depois `,
    more: (url, first) =>
      `\nO servidor continua rodando em ${url}. Em outro terminal, nesta pasta, ${first}experimente mais comandos: ${cli} --help (ou \`npm link\` uma vez, depois coopctl --help). Ctrl-C o encerra.`,
    health: (value) =>
      `O assistente de inclusão (${cli} enrol wizard) mostra as perguntas da declaração de saúde da demonstração depois de: export COOPCTL_HEALTH_QUESTIONS='${value}'`,
  },
}[demoLang(process.env)];

/**
 * Starts `coopctl serve` on `port` and resolves with the server and its URL
 * once it listens, or with `busy` when the port is taken. The server's stderr
 * (its banner) is held until then, so that a refusal can be told apart.
 */
function start(port) {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [bin, 'serve', '--port', port, '--db', join(dir, 'demo.db'), '--demo'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let url;
    server.stderr.on('data', (chunk) => {
      if (url) process.stderr.write(chunk);
      else err += chunk;
    });
    server.stdout.on('data', (chunk) => {
      if (url) return process.stdout.write(chunk);
      out += chunk;
      const line = /^(http:\/\/\S+)\n/m.exec(out);
      if (!line) return;
      url = line[1];
      process.stderr.write(err);
      resolve({ server, url });
    });
    server.on('error', reject);
    server.on('exit', (code) => {
      if (url) return;
      if (/EADDRINUSE/.test(err)) resolve({ busy: true });
      else reject(new Error(words.exited(code, err)));
    });
  });
}

let started = await start(wanted);
if (started.busy) {
  say(words.busy(wanted));
  started = await start('0');
}
const { server, url } = started;
// Its commands print straight to the terminal: a pager would stop the demo at its first page.
const env = {
  ...process.env,
  COOPCTL_BASE_URL: url,
  COOPCTL_TEST_BASE_URL: url,
  XDG_CONFIG_HOME: dir,
  COOPCTL_PAGER: '',
  COOPCTL_HEALTH_QUESTIONS: healthQuestions,
};

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

function run(...args) {
  say(`\n$ coopctl ${args.join(' ')}`);
  spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', env });
}

run('registration', 'show', '00010001000001005');
run('record', 'allergies', '00010001000001005');
run('schedule', 'locations', '--prest-cod-svc-card', '9001');
say(words.more(url, url.endsWith(':8787') ? '' : words.pointAt(url)));
say(words.health(healthQuestions));
if (process.env.COOPCTL_DEMO_ONCE) stop();
