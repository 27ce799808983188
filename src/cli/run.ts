/** Running coopctl with arguments and a context; returns the exit code. Tests call this in-process. */
import type { Context } from './context.js';
import { reportFailure } from './failure.js';
import { buildProgram } from './program.js';
import { langSetting } from './config/lang-setting.js';
import { chooseLang } from './i18n/index.js';
import { RunState } from './run-state.js';

export async function runCli(argv: readonly string[], ctx: Context): Promise<number> {
  const run = new RunState(ctx, chooseLang(argv, ctx.env, langSetting(argv, ctx.env, ctx.configPath)));
  try {
    const program = await buildProgram(run, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return run.exitCode;
  } catch (err) {
    return await reportFailure(err, ctx, run.invocation, run.m);
  } finally {
    await run.close();
  }
}
