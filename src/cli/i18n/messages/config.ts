/**
 * `coopctl config` and the settings: what the subcommands say, where a
 * setting's value comes from, and the errors of profiles, values, the
 * configuration file and the token's scope.
 */
import type { Distrust } from '../../config/file-trust.js';
import type { Translation, Words } from '../shape.js';

/** Where a value comes from (config/settings.ts `Resolved`). */
export interface Origin {
  readonly source: 'flag' | 'env' | 'profile' | 'default' | undefined;
  /** The tag `config list --json` writes as `source` (the same in every language): `COOPCTL_TOKEN`, `profile "x"`, `the defaults`, `the command line`. */
  readonly origin: string;
  /** The profile's name, for a value stored in one. */
  readonly profile?: string | undefined;
}

const profileOf = (o: Origin) => o.profile ?? '';

const en = {
  profile: (name: string) => `profile: ${name}`,
  /** The columns of `config list` for a person. */
  columns: { key: 'key', value: 'value', source: 'source' },
  notSet: (key: string) => `${key} is not set`,
  set: (key: string, profile: string) => `${key} set in profile "${profile}"`,
  unset: (key: string, profile: string) => `${key} unset in profile "${profile}"`,
  tokenPrompt: 'Token',
  origin: (o: Origin) => {
    if (o.source === 'flag') return 'the command line';
    if (o.source === 'profile') return `profile "${profileOf(o)}"`;
    if (o.source === 'default' || o.source === undefined) return 'the defaults';
    return o.origin;
  },
  unknownSetting: (key: string, keys: string) => `unknown setting "${key}"; settings are ${keys}`,
  noToken: 'no token given: pipe it on stdin (coopctl config set token < file) or run on a terminal to be asked',
  tokenOnCommandLine:
    'the token is not taken from the command line (it would stay in the shell history); pipe it on stdin or run without a value to be asked',
  needsValue: (key: string) => `config set ${key} needs a value`,
  emptyValue: (key: string) =>
    `config set ${key}: the value is empty, so nothing was stored (to store an empty value, add --allow-empty; to remove the setting: coopctl config unset ${key})`,
  badValue: (key: string, origin: string, problem: string) => `${key} from ${origin} ${problem}`,
  /** The problems of a setting's value (words after "<key> from <origin>"). */
  problems: {
    url: 'must be an http or https URL',
    size: 'must be a size in bytes, or with a KiB, MiB or GiB suffix (e.g. 64MiB)',
    sizeRange: (max: string) => `must be from 1 byte to ${max}`,
    word: 'must be one word without spaces',
    lang: 'must be en or pt-BR',
    listStyle: 'must be brackets or repeat',
    mask: 'must be true or false (or yes, no, on, off, 1, 0)',
    sender: 'must be a user code of 1 to 10 digits',
    providers: (entry: string) =>
      `must be code=name pairs separated by ";" (a code of up to 18 digits, then a name), e.g. 9001=Clínica Geral; 9002=Cardiologia; "${entry}" is not`,
    providerTwice: (code: string) => `names provider ${code} twice`,
    healthQuestions: (entry: string) =>
      `must be form.question=text pairs separated by ";" (the form's and the question's numbers, then the question), e.g. 1.1=Any chronic disease?; 1.2=Any surgery in the last 5 years?; "${entry}" is not`,
    healthQuestionTwice: (key: string) => `gives question ${key} twice`,
    enrolCodes: (entry: string) =>
      `must be field.code=meaning pairs separated by ";" (a field of origem, produto_tabela_id, grau_parentesco, estado_civil, tipo_endereco, tipo_arquivo, a code its rule takes, optionally @en or @pt-BR, then what it means), e.g. estado_civil.C=Casado(a); estado_civil.C@en=Married; "${entry}" is not`,
    enrolCodeTwice: (key: string) => `gives ${key} twice`,
  },
  profileName: (name: string) => `profile name "${name}" must be 1 to 64 letters, digits, "-" or "_"`,
  noProfile: (name: string, fromFlag: boolean, stored: readonly string[]) =>
    `no profile "${name}" (from ${fromFlag ? '--profile' : 'COOPCTL_PROFILE'}): ${
      stored.length ? `the stored profiles are ${stored.map((n) => `"${n}"`).join(', ')}` : 'no profile is stored yet'
    }; create it with coopctl --profile ${name} config set <key> <value>`,
  cannotReadFile: (path: string, why: string) => `cannot read the configuration file ${path}: ${why}`,
  notAnObject: (path: string) => `the configuration file ${path} is not a JSON object; fix or delete it`,
  untrusted: (path: string, why: string) =>
    `${path} is not used: ${why}; another user could have changed the settings (a URL that collects the token)`,
  /** Why a file is not trusted (config/file-trust.ts), with the command that fixes it. */
  distrust: (d: Distrust) =>
    d.kind === 'owner'
      ? `it belongs to another user (uid ${d.uid}), not to you`
      : d.kind === 'writable'
        ? `others may write it (mode ${d.mode}; chmod go-w fixes that)`
        : `others may read it (mode ${d.mode}): chmod 600`,
  /** The token's scope (config/credentials.ts). */
  scope: {
    profileOnly: (profile: string) => `the token of profile "${profile}" goes only to the profile's own URLs`,
    noUrl: (scope: string, key: string, command: string) => `${scope}, and it sets no ${key}: ${command}`,
    otherUrl: (scope: string, key: string, origin: string, instead: string) =>
      `${scope}, not to ${key} from ${origin}: give a token for it with COOPCTL_TOKEN or --token-file, or ${instead}`,
    unsetOther: (origin: string) => `unset ${origin}`,
    setOwn: (key: string, command: string) => `set the profile's ${key} (${command})`,
    defaultUrl: (from: string, key: string, url: string, variable: string) =>
      `the token of ${from} goes only to a configured URL, and ${key} is the built-in default ${url}: set ${variable} or the profile's ${key}`,
  },
};

const ptBR: Translation<typeof en> = {
  profile: (name) => `perfil: ${name}`,
  columns: { key: 'chave', value: 'valor', source: 'origem' },
  notSet: (key) => `${key} não está definido`,
  set: (key, profile) => `${key} definido no perfil "${profile}"`,
  unset: (key, profile) => `${key} removido do perfil "${profile}"`,
  tokenPrompt: 'Token de acesso',
  origin: (o) => {
    if (o.source === 'flag') return 'a linha de comando';
    if (o.source === 'profile') return `o perfil "${profileOf(o)}"`;
    if (o.source === 'default' || o.source === undefined) return 'os padrões';
    return o.origin;
  },
  unknownSetting: (key, keys) => `configuração desconhecida "${key}"; as configurações são ${keys}`,
  noToken:
    'nenhum token informado: passe-o pela entrada padrão (coopctl config set token < arquivo) ou execute num terminal para que ele seja pedido',
  tokenOnCommandLine:
    'o token não é aceito na linha de comando (ficaria no histórico do shell); passe-o pela entrada padrão ou execute sem valor para que ele seja pedido',
  needsValue: (key) => `config set ${key} precisa de um valor`,
  emptyValue: (key) =>
    `config set ${key}: o valor está vazio, então nada foi gravado (para gravar um valor vazio, use --allow-empty; para remover a configuração: coopctl config unset ${key})`,
  badValue: (key, origin, problem) => `${key} (origem: ${origin}) ${problem}`,
  problems: {
    url: 'deve ser uma URL http ou https',
    size: 'deve ser um tamanho em bytes, ou com sufixo KiB, MiB ou GiB (ex.: 64MiB)',
    sizeRange: (max) => `deve ser de 1 byte a ${max}`,
    word: 'deve ser uma só palavra, sem espaços',
    lang: 'deve ser en ou pt-BR',
    listStyle: 'deve ser brackets ou repeat',
    mask: 'deve ser true ou false (ou yes, no, on, off, 1, 0)',
    sender: 'deve ser um código de usuário de 1 a 10 dígitos',
    providers: (entry) =>
      `deve ser pares código=nome separados por ";" (um código de até 18 dígitos e um nome), ex.: 9001=Clínica Geral; 9002=Cardiologia; "${entry}" não é`,
    providerTwice: (code) => `nomeia o prestador ${code} duas vezes`,
    healthQuestions: (entry) =>
      `deve ser pares formulário.pergunta=texto separados por ";" (os números do formulário e da pergunta, depois a pergunta), ex.: 1.1=Tem alguma doença crônica?; 1.2=Fez alguma cirurgia nos últimos 5 anos?; "${entry}" não é`,
    healthQuestionTwice: (key) => `dá a pergunta ${key} duas vezes`,
    enrolCodes: (entry) =>
      `deve ser pares campo.código=significado separados por ";" (um campo entre origem, produto_tabela_id, grau_parentesco, estado_civil, tipo_endereco, tipo_arquivo, um código que a regra do campo aceita, opcionalmente @en ou @pt-BR, depois o que significa), ex.: estado_civil.C=Casado(a); estado_civil.C@en=Married; "${entry}" não é`,
    enrolCodeTwice: (key) => `dá ${key} duas vezes`,
  },
  profileName: (name) => `o nome de perfil "${name}" deve ter de 1 a 64 letras, dígitos, "-" ou "_"`,
  noProfile: (name, fromFlag, stored) =>
    `não existe o perfil "${name}" (de ${fromFlag ? '--profile' : 'COOPCTL_PROFILE'}): ${
      stored.length
        ? `os perfis guardados são ${stored.map((n) => `"${n}"`).join(', ')}`
        : 'nenhum perfil foi guardado ainda'
    }; crie-o com coopctl --profile ${name} config set <chave> <valor>`,
  cannotReadFile: (path, why) => `não foi possível ler o arquivo de configuração ${path}: ${why}`,
  notAnObject: (path) => `o arquivo de configuração ${path} não é um objeto JSON; corrija-o ou apague-o`,
  untrusted: (path, why) =>
    `${path} não é usado: ${why}; outro usuário pode ter mudado as configurações (uma URL que recolhe o token)`,
  distrust: (d) =>
    d.kind === 'owner'
      ? `pertence a outro usuário (uid ${d.uid}), não a você`
      : d.kind === 'writable'
        ? `outros podem alterá-lo (modo ${d.mode}; chmod go-w corrige isso)`
        : `outros podem lê-lo (modo ${d.mode}): chmod 600`,
  scope: {
    profileOnly: (profile) => `o token do perfil "${profile}" vai apenas para as URLs do próprio perfil`,
    noUrl: (scope, key, command) => `${scope}, e o perfil não define ${key}: ${command}`,
    otherUrl: (scope, key, origin, instead) =>
      `${scope}, não para ${key} vindo de ${origin}: informe um token para ela com COOPCTL_TOKEN ou --token-file, ou ${instead}`,
    unsetOther: (origin) => `remova ${origin}`,
    setOwn: (key, command) => `defina ${key} no perfil (${command})`,
    defaultUrl: (from, key, url, variable) =>
      `o token de ${from} vai apenas para uma URL configurada, e ${key} é o padrão embutido ${url}: defina ${variable} ou ${key} no perfil`,
  },
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
