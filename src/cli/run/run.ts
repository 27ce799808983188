/** Running coopctl with arguments and a context; returns the exit code. Tests call this in-process. */
import type { Context } from '../context.js';
import { reportFailure } from './failure.js';
import { buildProgram } from './program.js';
import { earlySetting, profileSettings } from '../config/lang-setting.js';
import { maskWanted } from '../config/mask-setting.js';
import { chooseLang } from '../i18n/index.js';
import { RunState } from './state.js';
import * as lazy from '../lazy.js';

export async function runCli(given: readonly string[], ctx: Context): Promise<number> {
  // Masking (output/mask.ts, with the catalogue's fields) is loaded only when this run asks for it.
  // The configuration file read once for both, before parsing.
  const profile = profileSettings(given, ctx.env, ctx.configPath);
  const mask = maskWanted(given, ctx.env, profile) ? (await lazy.mask()).masking : undefined;
  const run = new RunState(ctx, chooseLang(given, ctx.env, earlySetting(profile, 'lang')), mask);
  try {
    // `--json WORD`: WORD is the fields, or stays a positional argument (output/json-fields.ts).
    const argv = given.includes('--json') ? (await lazy.jsonFields()).jsonArgv(given) : given;
    const program = await buildProgram(run, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return run.exitCode;
  } catch (err) {
    return await reportFailure(err, ctx, run.invocation, run.m, run.mask);
  } finally {
    await run.close();
  }
}
