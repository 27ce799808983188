/** Text styles: chalk when colour is on (loaded only then), plain text otherwise. */

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const plain: Style = { bold: (t) => t, dim: (t) => t, red: (t) => t, yellow: (t) => t, green: (t) => t };

export async function loadStyle(color: boolean): Promise<Style> {
  if (!color) return plain;
  const { Chalk } = await import('chalk');
  // The decision is ours (colorAllowed), so chalk gets a fixed level instead of detecting one.
  const c = new Chalk({ level: 1 });
  return {
    bold: (t) => c.bold(t),
    dim: (t) => c.dim(t),
    red: (t) => c.red(t),
    yellow: (t) => c.yellow(t),
    green: (t) => c.green(t),
  };
}

/** How every error reads on stderr: one line, after the run's word for it (`error:`, `erro:`). */
export function errorLine(style: Style, text: string, label = 'error:'): string {
  return `${style.red(label)} ${text}\n`;
}
