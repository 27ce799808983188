/**
 * On a Node older than 22.14 (the first with what coopctl and its SQLite binding need), says so and stops, in the
 * run's language (--lang, COOPCTL_LANG, then the locale variables, as src/cli/i18n/lang.ts chooses; the profile's
 * setting is not read here). It imports nothing and is the launcher's first module (launch.ts), so that nothing
 * else runs on a Node that is too old.
 */
export function refuseOldNode(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 14)) return;
  const args = process.argv.slice(2);
  const flag = args.find((a, i) => a.startsWith('--lang=') || args[i - 1] === '--lang');
  const env = process.env;
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((v) => v);
  const chosen = [flag?.replace(/^--lang=/, ''), env['COOPCTL_LANG'], locale].find((v) => v) || '';
  const pt = /^pt([-_]|$|\.)/i.test(chosen);
  const found = `${process.version} (${process.execPath})`;
  process.stderr.write(
    pt
      ? `coopctl: este Node é o ${found}, antigo demais.\n` +
          'O coopctl precisa do Node 22.14 ou mais novo: as linhas 22 (a partir da 22.14), 24 ou 26.\n' +
          'Instale um de https://nodejs.org/ ou dos pacotes do sistema e ponha-o antes no PATH,\n' +
          'ou use o executável coopctl-linux-x64, que não precisa de Node.\n'
      : `coopctl: this Node is ${found}, too old.\n` +
          'coopctl needs Node 22.14 or newer: the 22 line (from 22.14), 24 or 26.\n' +
          "Install one from https://nodejs.org/ or your system's packages and put it first on the PATH,\n" +
          'or use the coopctl-linux-x64 executable, which needs no Node.\n',
  );
  process.exit(2);
}
