/** Text styles: Node's util.styleText when colour is on, plain text otherwise. */
import { styleText } from 'node:util';
import { messageLines } from './wrap.js';

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const plain: Style = { bold: (t) => t, dim: (t) => t, red: (t) => t, yellow: (t) => t, green: (t) => t };

/**
 * The decision is ours (colorAllowed: NO_COLOR, FORCE_COLOR, --color, a TTY), so styleText is told not to
 * look at a stream itself (`validateStream: false`): it styles whenever it is called. An empty text stays
 * empty, as no escape around nothing helps anyone.
 */
const styled =
  (format: 'bold' | 'dim' | 'red' | 'yellow' | 'green') =>
  (text: string): string =>
    text === '' ? '' : styleText(format, text, { validateStream: false });

const colored: Style = {
  bold: styled('bold'),
  dim: styled('dim'),
  red: styled('red'),
  yellow: styled('yellow'),
  green: styled('green'),
};

export async function loadStyle(color: boolean): Promise<Style> {
  return color ? colored : plain;
}

/** How every error reads on stderr: one line after the run's word for it (`error:`, `erro:`), wrapped on a terminal of `columns` (wrap.ts `messageLines`). */
export function errorLine(style: Style, text: string, label = 'error:', columns?: number): string {
  return `${style.red(label)}${messageLines(`${label} ${text}`, columns).slice(label.length)}\n`;
}
