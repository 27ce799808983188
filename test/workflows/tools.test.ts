/**
 * The programs the suite drives besides Node must be installed: the tests
 * that use them fail rather than skip without them. `npm test` installs the
 * missing ones through scripts/test-tools.sh (as root, with apt-get).
 */
import { describe, expect, it } from 'vitest';
import { hasCommand } from './helpers.js';

describe('programs the tests need', () => {
  it.each([
    ['tmux', 'the terminal tests in a real pseudo-terminal'],
    ['zsh', 'the zsh completion script'],
    ['fish', 'the fish completion script'],
    ['curl', 'running the --dry-run command lines'],
  ])('%s is on PATH (%s)', async (tool) => {
    expect(await hasCommand(tool), `${tool} is missing: run scripts/test-tools.sh`).toBe(true);
  });
});
