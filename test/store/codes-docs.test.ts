import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as codes from '../../src/catalogue/codes.js';

const doc = readFileSync('docs/decisions.md', 'utf8');

it.each([
  ['dispositivo_tipo', codes.deviceTypes],
  ['tipo_notificacao', codes.notificationTypes],
  ['grupo_usuario', codes.userGroups],
  ['tipo_beneficiario', codes.beneficiaryTypes],
  ['tipo_documento', codes.documentTypes],
  ['finalidade', codes.addressPurposes],
  ['grau_dependencia', codes.dependencyDegrees],
  ['fatura_email', codes.invoiceByEmail],
])('docs/decisions.md lists every %s code', (name, table) => {
  const line = doc.split('\n').find((l) => l.includes(`**\`${name}\``))!;
  expect(line, name).toBeDefined();
  const paragraph = doc.slice(doc.indexOf(line), doc.indexOf('\n- ', doc.indexOf(line) + 1));
  for (const code of Object.keys(table)) expect(paragraph).toMatch(new RegExp(`(\\b|\`)${code}\\b`));
});

it('docs/decisions.md lists every appointment status, opcao_id and contract state', () => {
  for (const s of Object.keys(codes.appointmentStatuses)) expect(doc).toContain(`| \`${s}\` |`);
  for (const [k, t] of Object.entries(codes.contractOptions)) expect(doc).toContain(`| ${k} | ${t.verb.en} |`);
  for (const s of codes.contractStatuses) expect(doc).toContain(`\`${s}\``);
});
