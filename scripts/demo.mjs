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

/**
 * The codes of the demo's data (its contracts' origem WB, CO, AD and price tables 11 to 13, the catalogue's
 * examples TIT, C, pdf) and a few more, as an enrolCodes value in the demo's language (docs/decisions.md): the
 * enrolment wizard offers them with their meanings, given as the health questions are.
 */
const enrolCodes = {
  en: 'origem.WB=Web sale; origem.CO=Company contract; origem.AD=Membership through an association; produto_tabela_id.11=Individual or family prices; produto_tabela_id.12=Company prices; produto_tabela_id.13=Membership prices; grau_parentesco.TIT=The holder; grau_parentesco.CON=Spouse; grau_parentesco.PAI=Father or mother; estado_civil.S=Single; estado_civil.C=Married; estado_civil.D=Divorced; estado_civil.V=Widowed; tipo_arquivo.pdf=PDF document; tipo_arquivo.jpg=JPEG image; tipo_arquivo.png=PNG image',
  pt: 'origem.WB=Venda pela internet; origem.CO=Contrato empresarial; origem.AD=Adesão por entidade de classe; produto_tabela_id.11=Preços individuais ou familiares; produto_tabela_id.12=Preços empresariais; produto_tabela_id.13=Preços por adesão; grau_parentesco.TIT=O próprio titular; grau_parentesco.CON=Cônjuge; grau_parentesco.PAI=Pai ou mãe; estado_civil.S=Solteiro(a); estado_civil.C=Casado(a); estado_civil.D=Divorciado(a); estado_civil.V=Viúvo(a); tipo_arquivo.pdf=Documento PDF; tipo_arquivo.jpg=Imagem JPEG; tipo_arquivo.png=Imagem PNG',
}[demoLang(process.env)];

/** The names of the demo's providers (src/server/store/demo/plan.ts) as a providers value, for the booking wizard. */
const providers =
  '9001=Clínica Coop Saúde — Clínica Geral; 9002=Dr. Ricardo Mendes Almeida — Cardiologia; 9003=Dra. Juliana Castro Lima — Pediatria; 9004=Laboratório Coop Diagnósticos';

/** What the wizards read of the demo's providers, forms and codes: in the demo's commands' environment, and printed as one export. */
const wizardEnv = {
  COOPCTL_PROVIDERS: providers,
  COOPCTL_HEALTH_QUESTIONS: healthQuestions,
  COOPCTL_ENROL_CODES: enrolCodes,
};
const wizardExport = `export ${Object.entries(wizardEnv)
  .map(([name, value]) => `${name}='${value}'`)
  .join(' ')}`;

/** How to run coopctl from this checkout in another terminal (it is not on PATH unless `npm link` put it there). */
const cli = 'node bin/coopctl';
const words = {
  en: {
    busy: (port) => `Port ${port} is busy (another program listens there): the demo server takes a free port instead.`,
    exited: (code, err) => `coopctl serve exited with ${code} before listening:\n${err}`,
    pointAt: (url) => `first: export COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url}; then `,
    more: (url, first) =>
      `\nThe server keeps running at ${url}. In another terminal, in this folder, ${first}try more commands: ${cli} --help (or \`npm link\` once, then coopctl --help). Ctrl-C stops it.`,
    wizard: (exports) =>
      `The wizards find the providers of the demo by name (${cli} schedule book), show its health-declaration questions and offer its codes with their meanings (${cli} enrol wizard) after: ${exports}`,
  },
  pt: {
    busy: (port) =>
      `A porta ${port} está ocupada (outro programa escuta nela): o servidor de demonstração usa uma porta livre.`,
    exited: (code, err) => `o coopctl serve terminou com ${code} antes de escutar:\n${err}`,
    pointAt: (url) => `primeiro: export COOPCTL_BASE_URL=${url} COOPCTL_TEST_BASE_URL=${url}; depois `,
    more: (url, first) =>
      `\nO servidor continua rodando em ${url}. Em outro terminal, nesta pasta, ${first}experimente mais comandos: ${cli} --help (ou \`npm link\` uma vez, depois coopctl --help). Ctrl-C o encerra.`,
    wizard: (exports) =>
      `Os assistentes acham os prestadores da demonstração pelo nome (${cli} schedule book), mostram as perguntas da declaração de saúde e oferecem os códigos com os significados (${cli} enrol wizard) depois de: ${exports}`,
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
  ...wizardEnv,
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
say(words.wizard(wizardExport));
if (process.env.COOPCTL_DEMO_ONCE) stop();
