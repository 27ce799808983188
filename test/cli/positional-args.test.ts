/**
 * Declared positional arguments (src/cli/flags/positional.ts): the arguments a
 * declaration makes (`<name>`, `[name]`), parsed by commander from a command
 * line, and the values `readArgs` gives, each of its declared kind (text, a
 * choice, a parsed value, an optional one absent), with commander's own usage
 * errors in the run's language for a refused value and a missing argument.
 */
import { Command, InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/cli/i18n/index.js';
import { addArgs, type ArgDecl, readArgs } from '../../src/cli/flags/positional.js';

const upper = () => (value: string) => {
  if (!/^[a-z]+$/.test(value)) throw new InvalidArgumentError('letters only');
  return value.toUpperCase() as Uppercase<string>;
};
const decls = [
  { name: () => 'method', help: () => 'the method', parse: upper },
  { name: (m) => m.help.field.placeholder.file, help: () => 'the file' },
  { name: () => 'shell', help: () => 'the shell', choices: ['bash', 'zsh'] },
  { name: () => 'value', help: () => 'the value', optional: true },
] as const satisfies readonly ArgDecl[];

/** The command of `decls` in the language `lang`, parsing `argv`: its values, or the error commander wrote. */
function parse(argv: readonly string[], lang: 'en' | 'pt-BR' = 'en') {
  let error = '';
  let values: unknown;
  const cmd = new Command('x')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: (s) => (error += s) })
    .action((...args: unknown[]) => {
      const read = readArgs(decls, args.slice(0, -2));
      // Typed as declared: a parsed value, a text, a choice, an optional text.
      const [method, file, shell, value]: [Uppercase<string>, string, 'bash' | 'zsh', string | undefined] = [...read];
      values = { method, file, shell, value };
    });
  addArgs(cmd, decls, messagesFor(lang));
  try {
    cmd.parse([...argv], { from: 'user' });
  } catch {
    return { error: error.trim() };
  }
  return { values, usage: cmd.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`)) };
}

describe('declared positional arguments', () => {
  it("make the arguments in order, required or optional, named in the run's language", () => {
    expect(parse(['get', 'a.csv', 'bash']).usage).toEqual(['<method>', '<file>', '<shell>', '[value]']);
    expect(parse(['get', 'a.csv', 'bash'], 'pt-BR').usage).toEqual(['<method>', '<arquivo>', '<shell>', '[value]']);
  });

  it('given: each value as its kind; the optional one absent is undefined', () => {
    expect(parse(['get', 'a.csv', 'zsh']).values).toEqual({
      method: 'GET',
      file: 'a.csv',
      shell: 'zsh',
      value: undefined,
    });
    expect(parse(['post', 'b.json', 'bash', '']).values).toEqual({
      method: 'POST',
      file: 'b.json',
      shell: 'bash',
      value: '',
    });
  });

  it("a value the parser or the choices refuse, or a missing argument, is commander's usage error", () => {
    expect(parse(['g3t', 'a.csv', 'bash']).error).toBe(
      "error: command-argument value 'g3t' is invalid for argument 'method'. letters only",
    );
    expect(parse(['get', 'a.csv', 'fish']).error).toBe(
      "error: command-argument value 'fish' is invalid for argument 'shell'. Allowed choices are bash, zsh.",
    );
    expect(parse(['get']).error).toBe("error: missing required argument 'file'");
  });

  it('readArgs refuses a value that is not of its declared type (a declaration commander was not given)', () => {
    expect(() => readArgs(decls, ['GET', 42, 'bash'])).toThrow('argument 2 is not of its declared type: number');
    expect(() => readArgs(decls, ['GET', 'a.csv', 'fish'])).toThrow('argument 3 is not of its declared type: string');
  });
});
